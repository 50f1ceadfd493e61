import type { FastifyInstance } from 'fastify';
import { buildFoundation, type AppDependencies } from './app-foundation.ts';
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
import * as system from './modules/system/index.ts';
import * as uploads from './modules/uploads/index.ts';
import * as videos from './modules/videos/index.ts';
import { webAppPlugin } from './plugins/web-app.ts';

/**
 * Builds the whole HTTP application without listening, so tests drive it with `inject`: the foundation
 * (app-foundation.ts: the server, its plugins and the shared services), then each module's `register` with
 * what it needs. Modules never import one another's services: one module's events reach another through
 * the callbacks passed here.
 */
export async function buildApp(dependencies: AppDependencies): Promise<FastifyInstance> {
  const { config, db } = dependencies;
  const foundation = await buildFoundation(dependencies);
  const { app, bus, authService, metricsService, redactQuotes, redactMember } = foundation;
  const { prometheus, storage, incomingDir } = foundation;
  await events.register(app, { db, events: bus });
  await system.register(app, { db, storage, redis: foundation.redis, buildId: config.BUILD_ID });
  await errorLog.register(app, { db });
  // The job queue (pg-boss) for periodic work and mail; it starts once the app is ready.
  const jobQueue = jobs.register(app, { db });
  const mailer = await mail.register(app, { db, config, jobs: jobQueue });
  const accounts = await auth.register(app, {
    db,
    auth: authService,
    mail: mailer,
    sessionAbsoluteMs: foundation.sessionAbsoluteMs,
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
