/** What the rest of the app may use of the notification centre: the badge count and the way in. */
export { NotificationsLink } from './components/NotificationsLink.tsx';
export { useUnreadCount } from './useUnreadCount.ts';
