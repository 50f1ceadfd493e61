import { queryOptions } from '@tanstack/react-query';
import type { conversationDetailSchema } from '@uplift/contracts';
import { http, serverChecked } from '../../../lib/http/index.ts';
import { chatKeys } from './keys.ts';

/** GET /api/chat/conversations/:id: one conversation with its messages. */
export function conversationQueryOptions(userId: string, id: string) {
  return queryOptions({
    queryKey: chatKeys.conversation(userId, id),
    queryFn: ({ signal }) =>
      http.get(`/chat/conversations/${encodeURIComponent(id)}`, {
        schema: serverChecked<typeof conversationDetailSchema>(),
        signal,
      }),
    // Answers change under it (streaming, regenerate, stop): opening a conversation always reads it afresh.
    staleTime: 0,
  });
}
