import { queryOptions } from '@tanstack/react-query';
import { conversationDetailSchema } from '@uplift/contracts';
import { http } from '../../../lib/http/index.ts';
import { chatKeys } from './keys.ts';

/** GET /api/chat/conversations/:id: one conversation with its messages. */
export function conversationQueryOptions(userId: string, id: string) {
  return queryOptions({
    queryKey: chatKeys.conversation(userId, id),
    queryFn: ({ signal }) =>
      http.get(`/chat/conversations/${encodeURIComponent(id)}`, { schema: conversationDetailSchema, signal }),
    // Answers change under it (streaming, regenerate, stop): opening a conversation always reads it afresh.
    staleTime: 0,
  });
}
