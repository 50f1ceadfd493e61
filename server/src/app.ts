import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { dashboardRoutes } from './modules/admin/dashboard.routes.ts';
import { overviewRoutes } from './modules/admin/overview.routes.ts';
import { usersAdminRoutes } from './modules/admin/users.routes.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { chatRoutes } from './modules/chat/chat.routes.ts';
import { createChatService } from './modules/chat/chat.service.ts';
import { createModelClient } from './modules/chat/model-client.ts';
import { openAiCompatRoutes } from './modules/chat/openai-compat.routes.ts';
import { createQuota } from './modules/chat/quota.ts';
import { knowledgeRoutes } from './modules/knowledge/knowledge.routes.ts';
import { createMetricsService, impactTag } from './modules/metrics/metrics.service.ts';
import { metricsRoutes } from './modules/metrics/metrics.routes.ts';
import { accountRoutes } from './modules/profiles/account.routes.ts';
import { outcomesRoutes } from './modules/profiles/outcomes.routes.ts';
import { createPhotoService } from './modules/profiles/profile-photo.ts';
import { profilesRoutes } from './modules/profiles/profiles.routes.ts';
import { createStorage } from './modules/storage/index.ts';
import { uploadsRoutes } from './modules/uploads/index.ts';
import { partnersRoutes } from './modules/partners/partners.routes.ts';
import { partnersAdminRoutes } from './modules/partners/partners.admin.routes.ts';
import { createSkillsService } from './modules/skills/skills.service.ts';
import { skillsRoutes } from './modules/skills/skills.routes.ts';
import { errorLogRoutes } from './modules/error-log/error-log.routes.ts';
import { createNotifications } from './modules/notifications/index.ts';
import {
  communityImageRoutes,
  communityRoutes,
  createCommunityService,
  createPostImages,
  directoryRoutes,
  moderationRoutes,
  openReportCount,
} from './modules/community/index.ts';
import {
  cacheInvalidatedEvent,
  createEventBus,
  eventsRoutes,
  sessionsChangedEvent,
} from './modules/events/index.ts';
import { systemRoutes } from './modules/system/system.routes.ts';
import { videosRoutes } from './modules/videos/videos.routes.ts';
import { videosAdminRoutes } from './modules/videos/videos.admin.routes.ts';
import { createVideoFiles } from './modules/videos/video-files.ts';
import { accessPlugin } from './plugins/access.ts';
import { anonymousHitsPlugin } from './plugins/anonymous-hits.ts';
import { onlineProbePlugin } from './plugins/online-probe.ts';
import { cacheControlPlugin } from './plugins/cache-control.ts';
import { corsPlugin } from './plugins/cors.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { answerClientError, answerFrameworkError } from './plugins/framework-errors.ts';
import { idempotencyPlugin } from './plugins/idempotency.ts';
import { inputGuardPlugin } from './plugins/input-guard.ts';
import { createKeptAnswers } from './plugins/kept-answers.ts';
import { jsonSchemaSerializerCompiler } from './plugins/json-serializer.ts';
import { AccessLogController, serializeErrorWithoutParameters } from './plugins/logging.ts';
import { openApiPlugin } from './plugins/openapi.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { createRequestIds } from './plugins/request-id.ts';
import { inRootContext } from './plugins/root-context.ts';
import { publicCachePlugin } from './plugins/public-cache.ts';
import { compressionPlugin, securityHeadersPlugin } from './plugins/security.ts';
import { sessionPlugin } from './plugins/session.ts';
import { fastifyTrustProxy } from './trust-proxy.ts';
import { webAppPlugin } from './plugins/web-app.ts';

export interface AppDependencies {
  config: Config;
  db: Database;
  /** Where the logs go (standard output when unset); tests read them from here. */
  logStream?: { write(line: string): void };
}

/** Builds the whole HTTP application without listening, so tests drive it with `inject`. */
export async function buildApp({ config, db, logStream }: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      serializers: { err: serializeErrorWithoutParameters },
      ...(logStream ? { stream: logStream } : {}),
    },
    logController: new AccessLogController(),
    bodyLimit: config.BODY_LIMIT_BYTES,
    // A client that trickles its request is cut off (408, or the socket closed). These bound receiving the
    // request only, so a long answer (chat's server-sent events) is never cut; no idle-socket time-out
    // either, as a stalled model may leave a stream quiet for a while.
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    keepAliveTimeout: config.KEEP_ALIVE_TIMEOUT_MS,
    http: { headersTimeout: config.HEADERS_TIMEOUT_MS, connectionsCheckingInterval: 1_000 },
    trustProxy: fastifyTrustProxy(config.TRUST_PROXY),
    requestIdHeader: false,
    genReqId: createRequestIds(),
    // What Fastify and Node's parser refuse before any route runs, in the error shape too.
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(jsonSchemaSerializerCompiler);
  // JSON bodies only: a form or text body is what a cross-site request can send without a preflight.
  app.removeContentTypeParser(['text/plain']);

  // The public cache's answers; an anonymous hit is answered by one of the first hooks (anonymous-hits.ts).
  const keptAnswers = createKeptAnswers({
    ttlMs: 30_000,
    maxEntries: 1_000,
    log: (message, error) => app.log.warn({ err: error }, message),
  });
  // First of all: what these two answer needs nothing of the rest of the chain (decisions 0039, 0040).
  await app.register(onlineProbePlugin, { build: config.BUILD_ID });
  await app.register(anonymousHitsPlugin, { answers: keptAnswers });
  await app.register(errorsPlugin);
  // First of the preValidation hooks: nothing after it sees NUL, lone surrogates or hostile nesting.
  await app.register(inputGuardPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(corsPlugin, { trustedOrigins: config.TRUSTED_ORIGINS });

  // Live events through LISTEN/NOTIFY (modules/events/index.ts); open streams end before the pool closes.
  const events = createEventBus(db, { log: (message, error) => app.log.warn({ err: error }, message) });
  const day = 24 * 60 * 60_000;
  const sessionAbsoluteMs = config.SESSION_ABSOLUTE_DAYS * day;
  const auth = createAuthService(
    db,
    { idleMs: config.SESSION_IDLE_DAYS * day, absoluteMs: sessionAbsoluteMs, refreshGraceMs: 60_000 },
    // Sessions come from memory only while this instance hears the database's change notifications.
    { ttlMs: 10_000, maxEntries: 10_000, active: () => events.listening },
  );
  await app.register(sessionPlugin, { authenticator: auth, trustedOrigins: config.TRUSTED_ORIGINS });
  await app.register(accessPlugin);
  // Shared rate limits count in Redis when it is configured, and /api/health reports whether it answers.
  let redis: Redis | undefined;
  if (config.REDIS_URL) {
    // ioredis is loaded only then: a single instance never holds it in memory (decision 0031).
    const { closeRedis, connectRedis } = await import('./plugins/redis.ts');
    const client = await connectRedis(config.REDIS_URL, app.log);
    app.addHook('onClose', () => closeRedis(client));
    redis = client;
  }
  // After session and access: route hooks run in the order their plugins were registered, and per-user
  // limits key on the session these resolve.
  await app.register(rateLimitPlugin, { redis });
  await app.register(cacheControlPlugin);
  // Before compression: idempotency stores the serialised body from its onSend hook.
  await app.register(idempotencyPlugin, { db });
  // The impact figures keep their computed answer too, for signed-in callers (the public cache never
  // serves them): whatever drops the tag, here or on another instance, drops that copy as well.
  const metrics = createMetricsService(db, { ttlMs: 30_000 });
  // Before compression too: it keeps the serialised body. Other instances learn of writes by NOTIFY.
  await app.register(publicCachePlugin, {
    answers: keptAnswers,
    broadcast: async (tag) => {
      await events.publish({ type: cacheInvalidatedEvent, payload: { tag } });
    },
    onInvalidate: (tag) => {
      if (tag === impactTag) metrics.invalidate();
    },
    log: (message, error) => app.log.warn({ err: error }, message),
  });
  events.subscribe({
    userId: null,
    deliver: ({ type, payload }) => {
      if (type === cacheInvalidatedEvent && typeof payload.tag === 'string') {
        app.publicCache.invalidate(payload.tag);
      }
      // Readers refetch when told of a community change, and that event can reach this instance before the
      // writer's invalidation (published after the commit): drop the answers first. Subscribed before any
      // stream, this runs first.
      if (type.startsWith('community.')) app.publicCache.invalidate('community');
      if (type === sessionsChangedEvent && typeof payload.userId === 'string')
        auth.forgetUser(payload.userId);
    },
    close: () => undefined,
  });
  await app.register(compressionPlugin);
  await app.register(openApiPlugin, { version: config.BUILD_ID });

  app.addHook('onReady', () => events.start());
  app.addHook('preClose', () => events.stop());
  await app.register(inRootContext(eventsRoutes), { db, events });
  await app.register(inRootContext(systemRoutes), { db, redis, buildId: config.BUILD_ID });
  await app.register(inRootContext(errorLogRoutes), { db });
  await app.register(inRootContext(authRoutes), { auth, sessionAbsoluteMs });
  await app.register(inRootContext(knowledgeRoutes), { db, events });
  await app.register(inRootContext(skillsRoutes), {
    db,
    skills: createSkillsService(db, { cooldownDays: config.SKILLS_COOLDOWN_DAYS }),
  });

  // Every stored file (photos, post images, video uploads): DATA_DIR, or the bucket when S3_BUCKET is set.
  const storage = await createStorage(config);
  // Where every upload route receives its file before checking it.
  const incomingDir = path.join(config.DATA_DIR, 'incoming');
  const photos = createPhotoService(db, storage);
  await app.register(inRootContext(uploadsRoutes), { storage });
  await app.register(inRootContext(profilesRoutes), { db, photos, incomingDir });
  await app.register(inRootContext(outcomesRoutes), { db });
  await app.register(inRootContext(accountRoutes), { db, auth, photos });
  await app.register(inRootContext(metricsRoutes), { metrics });
  await app.register(inRootContext(auditRoutes), { db });
  await app.register(inRootContext(dashboardRoutes), { db, metrics });
  await app.register(inRootContext(usersAdminRoutes), {
    db,
    removePhoto: photos.removeFiles,
    onSessionsChanged: (userId) => (userId ? auth.forgetUser(userId) : auth.forgetAllSessions()),
  });
  const notifications = createNotifications({
    db,
    config,
    log: app.log,
    publish: async (userId, type, payload) => {
      await events.publish({ type, audienceUserId: userId, payload });
    },
  });
  await notifications.register(app);
  await app.register(inRootContext(partnersRoutes), { db, onAnswered: notifications.partnerRequestAnswered });
  const videoFiles = createVideoFiles(storage);
  await app.register(inRootContext(videosRoutes), { db, files: videoFiles });
  await app.register(inRootContext(videosAdminRoutes), { db, files: videoFiles, incomingDir });
  await app.register(inRootContext(partnersAdminRoutes), { db, incomingDir });
  // Community events become notifications through callbacks: neither module imports the other.
  const communityNotices = {
    commentedOn: notifications.commentedOn,
    contentHidden: notifications.contentHidden,
  };
  const postImages = createPostImages(storage);
  await app.register(inRootContext(communityRoutes), {
    db,
    community: createCommunityService(db, events, communityNotices),
    images: postImages,
  });
  await app.register(inRootContext(communityImageRoutes), { images: postImages, incomingDir });
  await app.register(inRootContext(directoryRoutes), { db });
  await app.register(inRootContext(moderationRoutes), { db, events, notices: communityNotices });
  await app.register(inRootContext(overviewRoutes), {
    db,
    attention: [
      {
        id: 'moderation',
        label: 'Reported posts and comments to review',
        path: '/admin/moderation',
        count: () => openReportCount(db),
      },
      {
        id: 'scheduled-notifications',
        label: 'Notifications scheduled, not yet sent',
        path: '/admin/notifications',
        count: notifications.scheduledCount,
      },
    ],
  });

  const quota = createQuota(db, config);
  const model = config.VALE_BASE_URL
    ? createModelClient({
        baseURL: config.VALE_BASE_URL,
        apiKey: config.VALE_API_KEY,
        model: config.VALE_MODEL,
      })
    : null;
  const chat = createChatService({ db, config, quota, model, events, log: app.log });
  // Before the server waits for open responses: answers in flight are cut off and saved, which ends
  // their streams, and all before the database closes.
  app.addHook('preClose', () => chat.drain());
  // Answers a stopped process left 'streaming' are closed at start (chat.service.ts says which).
  app.addHook('onReady', () => chat.watchAbandoned());
  await app.register(inRootContext(chatRoutes), { db, chat, quota });
  await app.register(inRootContext(openAiCompatRoutes), { chat });

  await app.register(webAppPlugin, { distDir: config.WEB_DIST_DIR });
  return app;
}
