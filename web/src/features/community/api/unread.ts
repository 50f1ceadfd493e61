import { queryOptions } from '@tanstack/react-query';
import type { communityUnreadSchema, successResponseSchema } from '@uplift/contracts';
import { http, serverChecked } from '../../../lib/http/index.ts';

export const unreadKeys = { feed: (userId: string) => ['community', 'unread', userId] as const };

/** GET /api/community/unread: the member's last visit to the feed and the posts by others since. */
export function unreadQueryOptions(userId: string) {
  return queryOptions({
    queryKey: unreadKeys.feed(userId),
    queryFn: ({ signal }) =>
      http.get('/community/unread', { schema: serverChecked<typeof communityUnreadSchema>(), signal }),
  });
}

/**
 * PUT /api/community/visit and PUT /api/community/posts/:id/read: "seen" marks. Not queued offline: a
 * mark is only true when it is made, and the next visit online makes its own.
 */
export const markFeedSeen = () =>
  http.put('/community/visit', { schema: serverChecked<typeof successResponseSchema>() });

export const markThreadRead = (postId: string) =>
  http.put(`/community/posts/${encodeURIComponent(postId)}/read`, {
    schema: serverChecked<typeof successResponseSchema>(),
  });
