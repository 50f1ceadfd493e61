import { queryOptions } from '@tanstack/react-query';
import type { communityRevisionListSchema } from '@uplift/contracts';
import { http, serverChecked } from '../../../lib/http/index.ts';
import { communityKeys } from './keys.ts';

/**
 * GET /api/community/posts/:id/revisions, or a comment's: earlier versions, newest first. Keyed under the
 * thread, so the live refetch of an edited thread refreshes an open history too.
 */
export function revisionsQueryOptions(postId: string, commentId?: string) {
  return queryOptions({
    queryKey: [...communityKeys.thread(postId), 'revisions', commentId ?? 'post'] as const,
    queryFn: ({ signal }) =>
      http.get(
        commentId
          ? `/community/comments/${encodeURIComponent(commentId)}/revisions`
          : `/community/posts/${encodeURIComponent(postId)}/revisions`,
        { schema: serverChecked<typeof communityRevisionListSchema>(), signal },
      ),
  });
}
