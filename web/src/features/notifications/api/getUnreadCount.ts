import { queryOptions } from '@tanstack/react-query';
import { unreadCountSchema } from '@uplift/contracts';
import { http } from '../../../lib/http/index.ts';
import { notificationKeys } from './keys.ts';

/** GET /api/notifications/unread-count: the navigation badge. */
export function unreadCountQueryOptions(userId: string) {
  return queryOptions({
    queryKey: notificationKeys.unreadCount(userId),
    queryFn: ({ signal }) => http.get('/notifications/unread-count', { schema: unreadCountSchema, signal }),
  });
}
