import type { App } from '../../plugins/root-context.ts';
import type { AttentionCounter } from '../admin/index.ts';
import { createNotifications, type Notifications, type NotificationsOptions } from './notifications.ts';

export type { Notifications } from './notifications.ts';
/** Redacts the notifications quoting a deleted comment, post or member (decision 0110). */
export { createQuoteRedaction, type QuotedSource, type RedactQuotes } from './quote-redaction.ts';
/** What a member was sent, for the admin's view of them. */
export { memberNotifications } from './member-received.ts';

/** The service other modules are handed (as callbacks, in app.ts), the routes, and the send worker. */
export async function register(
  app: App,
  deps: NotificationsOptions,
): Promise<Notifications & { attention: AttentionCounter }> {
  const notifications = createNotifications(deps);
  await notifications.register(app);
  const attention = {
    id: 'scheduled-notifications',
    label: 'Notifications scheduled, not yet sent',
    path: '/admin/notifications',
    count: notifications.scheduledCount,
  };
  return { ...notifications, attention };
}
