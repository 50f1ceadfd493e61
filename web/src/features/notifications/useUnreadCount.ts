import { useQuery, useQueryClient } from '@tanstack/react-query';
import { liveResyncEventType, notificationsChangedEvent, type UnreadCount } from '@uplift/contracts';
import { useEffect } from 'react';
import { liveConnection, useLiveIdentity } from '../../lib/live/index.ts';
import { haptics } from '../../lib/native/haptics.ts';
import { unreadCountQueryOptions } from './api/getUnreadCount.ts';
import { notificationKeys } from './api/keys.ts';
import { sayArrival } from './sayArrival.ts';

/**
 * The signed-in member's unread count (0 for a visitor), kept current by the live event every change of
 * their notifications publishes, from this device or another. A new notification also refreshes the list.
 * Visitors open no live connection for it.
 */
export function useUnreadCount(userId: string | null): number {
  const queryClient = useQueryClient();
  useLiveIdentity(userId);
  const count = useQuery({ ...unreadCountQueryOptions(userId ?? ''), enabled: userId !== null });

  useEffect(() => {
    if (!userId) return;
    const stopChanges = liveConnection.subscribe(notificationsChangedEvent, (event) => {
      const { unreadCount } = event.data;
      let arrived = false;
      // Checked by hand, not with the contract's schema: the badge is on the first screen, which has no zod.
      if (typeof unreadCount === 'number' && Number.isInteger(unreadCount) && unreadCount >= 0) {
        const before = queryClient.getQueryData<UnreadCount>(notificationKeys.unreadCount(userId));
        queryClient.setQueryData<UnreadCount>(notificationKeys.unreadCount(userId), { unreadCount });
        // One more unread: a notification arrived (not one read elsewhere). Once, though several screens
        // listen: the first to see the count grow has stored it, so the others see no growth.
        arrived = before !== undefined && unreadCount > before.unreadCount;
        // SPEC §7's notification haptic, under the Notifications setting; "success" for news.
        if (arrived) haptics.notification('success');
      }
      void queryClient.invalidateQueries({ queryKey: notificationKeys.list(userId) });
      // After the list's refresh has started, so that looking up the title shares it.
      if (arrived) void sayArrival(queryClient, userId, event.data.notificationId);
    });
    // Events were missed while away: ask again rather than trust the count we hold.
    const stopResync = liveConnection.subscribe(liveResyncEventType, () => {
      void queryClient.invalidateQueries({ queryKey: notificationKeys.ofUser(userId) });
    });
    return () => {
      stopChanges();
      stopResync();
    };
  }, [queryClient, userId]);

  return userId ? (count.data?.unreadCount ?? 0) : 0;
}
