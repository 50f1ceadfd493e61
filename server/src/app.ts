import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { chatRoutes } from './modules/chat/chat.routes.ts';
import { createChatService } from './modules/chat/chat.service.ts';
import { createModelClient } from './modules/chat/model-client.ts';
import { openAiCompatRoutes } from './modules/chat/openai-compat.routes.ts';
import { createQuota } from './modules/chat/quota.ts';
import { knowledgeRoutes } from './modules/knowledge/knowledge.routes.ts';
import { errorLogRoutes } from './modules/error-log/error-log.routes.ts';
import { systemRoutes } from './modules/system/system.routes.ts';
import { accessPlugin } from './plugins/access.ts';
import { corsPlugin } from './plugins/cors.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { idempotencyPlugin } from './plugins/idempotency.ts';
import { openApiPlugin } from './plugins/openapi.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { compressionPlugin, securityHeadersPlugin } from './plugins/security.ts';
import { sessionPlugin } from './plugins/session.ts';
import { webAppPlugin } from './plugins/web-app.ts';

export interface AppDependencies {
  config: Config;
  db: Database;
}

/** Builds the whole HTTP application without listening, so tests drive it with `inject`. */
export async function buildApp({ config, db }: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    },
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    requestIdHeader: false,
    genReqId: () => crypto.randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // JSON bodies only: a form or text body is what a cross-site request can send without a preflight.
  app.removeContentTypeParser(['text/plain']);

  await app.register(errorsPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(corsPlugin, { trustedOrigins: config.TRUSTED_ORIGINS });
  await app.register(rateLimitPlugin);

  const day = 24 * 60 * 60_000;
  const sessionAbsoluteMs = config.SESSION_ABSOLUTE_DAYS * day;
  const auth = createAuthService(db, {
    idleMs: config.SESSION_IDLE_DAYS * day,
    absoluteMs: sessionAbsoluteMs,
    lockoutThreshold: 5,
    lockoutMs: 15 * 60_000,
  });
  await app.register(sessionPlugin, { auth, trustedOrigins: config.TRUSTED_ORIGINS });
  await app.register(accessPlugin);
  // Before compression: idempotency stores the serialised body from its onSend hook.
  await app.register(idempotencyPlugin, { db });
  await app.register(compressionPlugin);
  await app.register(openApiPlugin, { version: config.BUILD_ID });

  await app.register(systemRoutes, { db, buildId: config.BUILD_ID });
  await app.register(errorLogRoutes, { db });
  await app.register(authRoutes, { auth, sessionAbsoluteMs });
  await app.register(knowledgeRoutes, { db });

  const quota = createQuota(db, config);
  const model = config.VALE_BASE_URL
    ? createModelClient({
        baseURL: config.VALE_BASE_URL,
        apiKey: config.VALE_API_KEY,
        model: config.VALE_MODEL,
      })
    : null;
  const chat = createChatService({ db, config, quota, model, log: app.log });
  // Answers still being written are saved before the database closes.
  app.addHook('onClose', () => chat.drain());
  await app.register(chatRoutes, { db, chat, quota });
  await app.register(openAiCompatRoutes, { chat });

  await app.register(webAppPlugin, { distDir: config.WEB_DIST_DIR });
  return app;
}
