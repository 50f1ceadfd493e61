import type { QueryClient } from '@tanstack/react-query';
import { announce } from '../../ui/announce.ts';

/**
 * Says a notification that has just arrived to a screen reader, politely and by its title (decision 0121).
 * The live event names it by id only, so the title comes from the list's first page (newest first), which
 * the arrival refreshes anyway: an open list's refetch is shared, not repeated. The list and its schema
 * load on use: they are not on the first screen.
 */
export async function sayArrival(queryClient: QueryClient, userId: string, notificationId: unknown) {
  let title: string | undefined;
  if (typeof notificationId === 'string') {
    try {
      const { notificationsQueryOptions } = await import('./api/getNotifications.ts');
      const list = await queryClient.fetchInfiniteQuery(notificationsQueryOptions(userId));
      title = list.pages[0]?.items.find((item) => item.id === notificationId)?.title;
    } catch {
      // Offline or refused: the arrival is still news, said without its title.
    }
  }
  announce(title ? `New notification: ${title}` : 'New notification', 'polite');
}
