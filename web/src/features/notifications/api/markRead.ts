import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { unreadCountSchema, type MemberNotificationList, type UnreadCount } from '@uplift/contracts';
import { http } from '../../../lib/http/index.ts';
import { notificationKeys } from './keys.ts';

type ListData = InfiniteData<MemberNotificationList, string | null>;

/**
 * Shows the read state at once (the list and the badge), then settles on the server's count. The other
 * devices follow through the live event the server publishes.
 */
function useReadState(userId: string) {
  const queryClient = useQueryClient();
  return {
    markLocally(isRead: (id: string) => boolean) {
      const readAt = new Date().toISOString();
      queryClient.setQueryData<ListData>(notificationKeys.list(userId), (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                items: page.items.map((item) =>
                  item.readAt === null && isRead(item.id) ? { ...item, readAt } : item,
                ),
              })),
            }
          : data,
      );
    },
    setCount(count: UnreadCount) {
      queryClient.setQueryData(notificationKeys.unreadCount(userId), count);
    },
    refresh() {
      return queryClient.invalidateQueries({ queryKey: notificationKeys.ofUser(userId) });
    },
  };
}

/** POST /api/notifications/:id/read */
export function useMarkRead(userId: string) {
  const state = useReadState(userId);
  return useMutation({
    mutationFn: (id: string) =>
      http.post(`/notifications/${encodeURIComponent(id)}/read`, {
        schema: unreadCountSchema,
        idempotencyKey: crypto.randomUUID(),
      }),
    onMutate: (id) => state.markLocally((itemId) => itemId === id),
    onSuccess: state.setCount,
    onError: state.refresh,
  });
}

/** POST /api/notifications/read-all */
export function useMarkAllRead(userId: string) {
  const state = useReadState(userId);
  return useMutation({
    mutationFn: () =>
      http.post('/notifications/read-all', {
        schema: unreadCountSchema,
        idempotencyKey: crypto.randomUUID(),
      }),
    onMutate: () => state.markLocally(() => true),
    onSuccess: state.setCount,
    onError: state.refresh,
  });
}
