/**
 * Live events: one server-sent event stream per client (`GET /api/events`) fed through PostgreSQL
 * LISTEN/NOTIFY, so an event written through any instance reaches clients of every instance.
 *
 * Publishing, from any module that was handed the bus (app.ts creates one per process):
 *
 *   await events.publish({ type: 'notification.created', audienceUserId: userId, payload: { id } });
 *   await db.transaction(async (tx) => { …write rows…; await events.publish(event, tx); });
 *
 * - `audienceUserId` null or absent: everyone receives it, anonymous readers included; set: only that
 *   user's streams do (a member never receives another member's private events).
 * - `payload`: ids and small facts, at most 2,000 bytes as JSON; clients refetch what they show.
 * - With `tx` the event is stored and NOTIFY'd at that transaction's commit, or not at all.
 * - Events are kept 24 hours for clients reconnecting with `Last-Event-ID`, then pruned.
 *
 * On the client, web/src/lib/live exports `useLiveEvent(type, handler)`.
 */
import type { Database } from '../../db/client.ts';
import { inRootContext, type App } from '../../plugins/root-context.ts';
import type { EventBus } from './event-bus.ts';
import { eventsRoutes } from './events.routes.ts';

export {
  cacheInvalidatedEvent,
  createEventBus,
  type EventBus,
  type PublishedEvent,
  type Subscriber,
  sessionsChangedEvent,
} from './event-bus.ts';
export type { Executor } from './events.repo.ts';

/** The stream route; the bus starts listening when the app is ready and stops before it closes. */
export async function register(app: App, { db, events }: { db: Database; events: EventBus }): Promise<void> {
  app.addHook('onReady', () => events.start());
  app.addHook('preClose', () => events.stop());
  await app.register(inRootContext(eventsRoutes), { db, events });
}
