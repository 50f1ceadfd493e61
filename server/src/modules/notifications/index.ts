export { createNotifications, type Notifications } from './notifications.ts';
export type { MemberNotice } from './notifications.service.ts';
