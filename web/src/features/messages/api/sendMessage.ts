import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { directMessageSchema } from '@uplift/contracts';
import { serverChecked } from '../../../lib/http/index.ts';
import { offlineQueue, sendOrQueue } from '../../../lib/offline/index.ts';
import { messageKeys, messageQueueType } from './keys.ts';

export const messagePath = (memberId: string) => `/messages/with/${memberId}`;

/** Messages to this member still in the offline queue: a new one waits behind them, so order holds. */
function queuedTo(memberId: string): string[] {
  return offlineQueue
    .getSnapshot()
    .filter((item) => item.type === messageQueueType && item.url.endsWith(messagePath(memberId)))
    .map((item) => item.id);
}

/**
 * POST /api/messages/with/:memberId, sent now or queued offline with one idempotency key. The message's
 * id is chosen here, so its pending copy gives way to the landed one, and a replay makes no second message.
 */
export function useSendMessage(userId: string, member: { id: string; displayName: string }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      sendOrQueue({
        method: 'POST',
        path: messagePath(member.id),
        body: { id: crypto.randomUUID(), body },
        schema: serverChecked<typeof directMessageSchema>(),
        type: messageQueueType,
        description: `Message to ${member.displayName}: ${body.slice(0, 40)}`,
        priority: 'high',
        ownerId: userId,
        dependsOn: queuedTo(member.id),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageKeys.all(userId) }),
  });
}
