import { queryOptions } from '@tanstack/react-query';
import type { unreadCountSchema } from '@uplift/contracts';
import { http, serverChecked } from '../../../lib/http/index.ts';
import { notificationKeys } from './keys.ts';

/** GET /api/notifications/unread-count: the navigation badge. */
export function unreadCountQueryOptions(userId: string) {
  return queryOptions({
    queryKey: notificationKeys.unreadCount(userId),
    queryFn: ({ signal }) =>
      http.get('/notifications/unread-count', { schema: serverChecked<typeof unreadCountSchema>(), signal }),
  });
}
