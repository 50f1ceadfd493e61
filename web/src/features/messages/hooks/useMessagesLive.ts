import { useQueryClient } from '@tanstack/react-query';
import { messagesChangedEvent } from '@uplift/contracts';
import { useLiveEvent } from '../../../lib/live/index.ts';
import { messageKeys } from '../api/keys.ts';

/**
 * A message arrived or was read (the server tells only the conversation's two members): what the screen
 * shows of messages is fetched again, so new messages and "Seen" appear without a reload.
 */
export function useMessagesLive(userId: string) {
  const queryClient = useQueryClient();
  useLiveEvent(messagesChangedEvent, () => {
    void queryClient.invalidateQueries({ queryKey: messageKeys.all(userId) });
  });
}
