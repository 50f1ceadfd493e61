import { queryOptions } from '@tanstack/react-query';
import type { communityThreadSchema } from '@uplift/contracts';
import { http, serverChecked } from '../../../lib/http/index.ts';
import { communityKeys } from './keys.ts';

/** GET /api/community/posts/:id: the post and its comments, replies one level deep. */
export function threadQueryOptions(postId: string) {
  return queryOptions({
    queryKey: communityKeys.thread(postId),
    queryFn: ({ signal }) =>
      http.get(`/community/posts/${encodeURIComponent(postId)}`, {
        schema: serverChecked<typeof communityThreadSchema>(),
        signal,
      }),
  });
}
