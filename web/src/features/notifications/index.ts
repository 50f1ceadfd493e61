/** What the rest of the app may use of the notification centre: the badge count, the way in, native push. */
export { NotificationsLink } from './components/NotificationsLink.tsx';
export { useUnreadCount } from './useUnreadCount.ts';
export { startNativePush } from './startNativePush.ts';
