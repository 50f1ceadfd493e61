/**
 * Query keys of the notification centre. Each member's data sits under their own id, so a second account
 * on the same device never sees the first one's notifications or badge.
 */
export const notificationKeys = {
  all: ['notifications'] as const,
  ofUser: (userId: string) => ['notifications', userId] as const,
  unreadCount: (userId: string) => ['notifications', userId, 'unread-count'] as const,
  list: (userId: string) => ['notifications', userId, 'list'] as const,
};
