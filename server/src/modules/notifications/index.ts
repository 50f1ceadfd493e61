import type { App } from '../../plugins/root-context.ts';
import { createNotifications, type Notifications, type NotificationsOptions } from './notifications.ts';

export type { Notifications } from './notifications.ts';

/** The service other modules are handed (as callbacks, in app.ts), the routes, and the send worker. */
export async function register(app: App, deps: NotificationsOptions): Promise<Notifications> {
  const notifications = createNotifications(deps);
  await notifications.register(app);
  return notifications;
}
