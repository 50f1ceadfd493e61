import { queryOptions } from '@tanstack/react-query';
import { directConversationListSchema, directConversationSchema } from '@uplift/contracts';
import { http } from '../../../lib/http/index.ts';
import { messageKeys } from './keys.ts';

/** GET /api/messages: the member's conversations, the most recent first. */
export function conversationsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: messageKeys.list(userId),
    queryFn: ({ signal }) => http.get('/messages', { schema: directConversationListSchema, signal }),
  });
}

/** GET /api/messages/with/:memberId: the conversation with one member and whether the member may send. */
export function conversationQueryOptions(userId: string, memberId: string) {
  return queryOptions({
    queryKey: messageKeys.conversation(userId, memberId),
    queryFn: ({ signal }) =>
      http.get(`/messages/with/${memberId}`, { schema: directConversationSchema, signal }),
  });
}
