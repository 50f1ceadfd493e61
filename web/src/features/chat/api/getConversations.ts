import { queryOptions } from '@tanstack/react-query';
import type { conversationListResponseSchema } from '@uplift/contracts';
import { http, serverChecked } from '../../../lib/http/index.ts';
import { chatKeys } from './keys.ts';

/** GET /api/chat/conversations: the member's conversations, latest first. */
export function conversationsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: chatKeys.conversations(userId),
    queryFn: ({ signal }) =>
      http.get('/chat/conversations', {
        schema: serverChecked<typeof conversationListResponseSchema>(),
        signal,
      }),
  });
}
