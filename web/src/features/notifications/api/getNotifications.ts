import { infiniteQueryOptions } from '@tanstack/react-query';
import { memberNotificationListSchema } from '@uplift/contracts';
import { http } from '../../../lib/http/index.ts';
import { notificationKeys } from './keys.ts';

/** GET /api/notifications: newest first, one page per cursor (`nextCursor` null on the last page). */
export function notificationsQueryOptions(userId: string) {
  return infiniteQueryOptions({
    queryKey: notificationKeys.list(userId),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      http.get(`/notifications${pageParam ? `?before=${encodeURIComponent(pageParam)}` : ''}`, {
        schema: memberNotificationListSchema,
        signal,
      }),
    getNextPageParam: (last) => last.nextCursor,
  });
}
