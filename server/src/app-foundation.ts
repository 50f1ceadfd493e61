import path from 'node:path';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { createHttpServer } from './http-server.ts';
import { followOtherInstances } from './instance-sync.ts';
import * as auth from './modules/auth/index.ts';
import * as events from './modules/events/index.ts';
import * as metrics from './modules/metrics/index.ts';
import * as notifications from './modules/notifications/index.ts';
import { createStorage } from './modules/storage/index.ts';
import { registerPlugins } from './plugins/chain.ts';

export interface AppDependencies {
  config: Config;
  db: Database;
  /** Where the logs go (standard output when unset); tests read them from here. */
  logStream?: { write(line: string): void };
}

const day = 24 * 60 * 60_000;

/**
 * What every module stands on, built before any of them registers (app.ts): the HTTP server with its
 * plugins in their order, the live-event bus, the session service the plugins authenticate with, the
 * impact figures' cache the plugins invalidate, what other instances change followed here, and the one
 * storage every stored file goes to.
 */
export async function buildFoundation({ config, db, logStream }: AppDependencies) {
  const app = createHttpServer(config, logStream);
  // Live events through LISTEN/NOTIFY; open streams end before the pool closes.
  const bus = events.createEventBus(db, { log: (message, error) => app.log.warn({ err: error }, message) });
  const sessionAbsoluteMs = config.SESSION_ABSOLUTE_DAYS * day;
  // Deleting a comment, a post or a member redacts the notifications quoting them, in the same transaction.
  const redactQuotes = notifications.createQuoteRedaction((tx, userId, type, payload) =>
    bus.publish({ type, audienceUserId: userId, payload }, tx).then(() => {}),
  );
  const redactMember = (tx: events.Executor, memberId: string) => redactQuotes(tx, { memberId });
  const authService = auth.createAuthService(
    db,
    { idleMs: config.SESSION_IDLE_DAYS * day, absoluteMs: sessionAbsoluteMs, refreshGraceMs: 60_000 },
    // Sessions come from memory only while this instance hears the database's change notifications.
    { ttlMs: 10_000, maxEntries: 10_000, active: () => bus.listening },
    redactMember,
  );
  // The impact figures keep their computed answer for signed-in callers (the public cache never serves
  // them): whatever drops the tag, here or on another instance, drops that copy as well.
  const metricsService = metrics.createMetricsService(db, { ttlMs: 30_000 });
  const { redis, prometheus } = await registerPlugins(app, {
    config,
    db,
    authenticator: authService,
    broadcast: (tag) => bus.publish({ type: events.cacheInvalidatedEvent, payload: { tag } }).then(() => {}),
    onInvalidate: (tag) => tag === metrics.impactTag && metricsService.invalidate(),
  });
  followOtherInstances(bus, { publicCache: app.publicCache, forgetUser: authService.forgetUser });
  prometheus.gauge(
    'uplift_event_subscribers',
    'Open live-event streams and server listeners',
    () => bus.subscriberCount,
  );
  return {
    app,
    bus,
    authService,
    metricsService,
    sessionAbsoluteMs,
    redactQuotes,
    redactMember,
    redis,
    prometheus,
    // Every stored file (photos, post images, video uploads): DATA_DIR, or the bucket when S3_BUCKET is set.
    storage: await createStorage(config),
    // Where every upload route receives its file before checking it.
    incomingDir: path.join(config.DATA_DIR, 'incoming'),
  };
}
