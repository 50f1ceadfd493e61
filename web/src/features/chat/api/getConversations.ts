import { queryOptions } from '@tanstack/react-query';
import type { conversationListResponseSchema } from '@uplift/contracts';
import { http, serverChecked } from '../../../lib/http/index.ts';
import { chatKeys } from './keys.ts';

/**
 * GET /api/chat/conversations: the member's conversations, latest first; with `search`, those whose title
 * or messages hold it (kept under the list's key, so whatever refreshes the list refreshes searches too).
 */
export function conversationsQueryOptions(userId: string, search = '') {
  return queryOptions({
    queryKey: search ? [...chatKeys.conversations(userId), { search }] : chatKeys.conversations(userId),
    queryFn: ({ signal }) =>
      http.get(search ? `/chat/conversations?q=${encodeURIComponent(search)}` : '/chat/conversations', {
        schema: serverChecked<typeof conversationListResponseSchema>(),
        signal,
      }),
  });
}
