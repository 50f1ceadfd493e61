import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { createHttpServer } from './http-server.ts';
import { followOtherInstances } from './instance-sync.ts';
import * as admin from './modules/admin/index.ts';
import * as audit from './modules/audit/index.ts';
import * as auth from './modules/auth/index.ts';
import * as blocks from './modules/blocks/index.ts';
import * as chat from './modules/chat/index.ts';
import * as community from './modules/community/index.ts';
import * as errorLog from './modules/error-log/index.ts';
import * as events from './modules/events/index.ts';
import * as jobs from './modules/jobs/index.ts';
import * as knowledge from './modules/knowledge/index.ts';
import * as mail from './modules/mail/index.ts';
import * as messages from './modules/messages/index.ts';
import * as metrics from './modules/metrics/index.ts';
import * as notifications from './modules/notifications/index.ts';
import * as partners from './modules/partners/index.ts';
import * as premium from './modules/premium/index.ts';
import * as profiles from './modules/profiles/index.ts';
import * as skills from './modules/skills/index.ts';
import { createStorage } from './modules/storage/index.ts';
import * as system from './modules/system/index.ts';
import * as uploads from './modules/uploads/index.ts';
import * as videos from './modules/videos/index.ts';
import { registerPlugins } from './plugins/chain.ts';
import { webAppPlugin } from './plugins/web-app.ts';

export interface AppDependencies {
  config: Config;
  db: Database;
  /** Where the logs go (standard output when unset); tests read them from here. */
  logStream?: { write(line: string): void };
}

const day = 24 * 60 * 60_000;

/**
 * Builds the whole HTTP application without listening, so tests drive it with `inject`: the plugins in
 * their order, then each module's `register` with what it needs. Modules never import one another's
 * services: one module's events reach another through the callbacks passed here.
 */
export async function buildApp({ config, db, logStream }: AppDependencies): Promise<FastifyInstance> {
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

  // Where every upload route receives its file before checking it.
  const incomingDir = path.join(config.DATA_DIR, 'incoming');
  // Every stored file (photos, post images, video uploads): DATA_DIR, or the bucket when S3_BUCKET is set.
  const storage = await createStorage(config);
  await events.register(app, { db, events: bus });
  prometheus.gauge(
    'uplift_event_subscribers',
    'Open live-event streams and server listeners',
    () => bus.subscriberCount,
  );
  await system.register(app, { db, storage, redis, buildId: config.BUILD_ID });
  await errorLog.register(app, { db });
  // The job queue (pg-boss) for periodic work and mail; it starts once the app is ready.
  const jobQueue = jobs.register(app, { db });
  const mailer = await mail.register(app, { db, config, jobs: jobQueue });
  const accounts = await auth.register(app, {
    db,
    auth: authService,
    mail: mailer,
    sessionAbsoluteMs,
    publicOrigin: mailer.link(''),
  });
  await knowledge.register(app, { db, events: bus });
  const skillShares = await skills.register(app, { db, cooldownDays: config.SKILLS_COOLDOWN_DAYS });
  await uploads.register(app, { storage });
  const photos = await profiles.register(app, { db, auth: authService, storage, incomingDir });
  await metrics.register(app, { metrics: metricsService });
  await audit.register(app, { db });
  const notices = await notifications.register(app, {
    db,
    config,
    log: app.log,
    mail: mailer,
    jobs: jobQueue,
    publish: (userId, type, payload) => bus.publish({ type, audienceUserId: userId, payload }).then(() => {}),
  });
  prometheus.gauge(
    'uplift_scheduled_sends',
    'Scheduled notifications not sent yet (job queue)',
    notices.scheduledCount,
  );
  await partners.register(app, { db, incomingDir, onAnswered: notices.partnerRequestAnswered });
  await premium.register(app, { db, notices: { premiumRequested: notices.premiumRequested } });
  await videos.register(app, { db, storage, incomingDir });
  const moderation = await community.register(app, {
    db,
    events: bus,
    storage,
    incomingDir,
    jobs: jobQueue,
    notices: {
      commentedOn: notices.commentedOn,
      contentHidden: notices.contentHidden,
      mentioned: notices.mentioned,
      followedPostReplied: notices.followedPostReplied,
      writingDeleted: redactQuotes,
    },
  });
  await blocks.register(app, { db });
  const directMessages = await messages.register(app, {
    db,
    events: bus,
    notices: { messageReceived: notices.messageReceived, conversationRead: notices.conversationRead },
  });
  await admin.register(app, {
    db,
    metrics: metricsService,
    removePhoto: photos.removeFiles,
    onSessionsChanged: (userId) =>
      userId ? authService.forgetUser(userId) : authService.forgetAllSessions(),
    attention: [moderation.attention, directMessages.attention, notices.attention],
    sendPasswordReset: accounts.sendPasswordReset,
    onMemberDeleting: redactMember,
    storyReaders: {
      sessions: auth.memberSessions,
      posts: community.memberPosts,
      comments: community.memberComments,
      assessments: skills.memberAssessments,
      'partner-requests': partners.memberPartnerRequests,
      notifications: notifications.memberNotifications,
    },
  });
  await chat.register(app, { db, config, events: bus, log: app.log, vale: prometheus.vale });

  await app.register(webAppPlugin, {
    distDir: config.WEB_DIST_DIR,
    publicUrl: config.PUBLIC_URL,
    // A shared result's page carries its Open Graph head, or answers 404 once the share is gone (0093).
    pageHeads: [{ pattern: /^\/skills\/shared\/([^/]+)$/, head: skillShares.sharedResultHead }],
  });
  return app;
}
