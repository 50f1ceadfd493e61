import type { Redis } from 'ioredis';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { accessPlugin } from './access.ts';
import { anonymousHitsPlugin } from './anonymous-hits.ts';
import { cacheControlPlugin } from './cache-control.ts';
import { corsPlugin } from './cors.ts';
import { errorsPlugin } from './errors.ts';
import { idempotencyPlugin } from './idempotency.ts';
import { inputGuardPlugin } from './input-guard.ts';
import { createKeptAnswers } from './kept-answers.ts';
import { onlineProbePlugin } from './online-probe.ts';
import { openApiPlugin } from './openapi.ts';
import { createPrometheus, prometheusPlugin, type Prometheus } from './prometheus.ts';
import { publicCachePlugin, type PublicCacheOptions } from './public-cache.ts';
import { rateLimitPlugin } from './rate-limit.ts';
import type { App } from './root-context.ts';
import { compressionPlugin, securityHeadersPlugin } from './security.ts';
import { sessionPlugin, type SessionAuthenticator } from './session.ts';

export interface PluginChainOptions {
  config: Config;
  db: Database;
  /** Resolves a request's session (auth's service, handed in by app.ts: plugins never import modules). */
  authenticator: SessionAuthenticator;
  /** Tells the other instances that answers under a tag are stale (through the event bus). */
  broadcast: PublicCacheOptions['broadcast'];
  /** Told of each dropped tag on this instance, so a module's own copy is dropped with it. */
  onInvalidate: PublicCacheOptions['onInvalidate'];
}

/**
 * The cross-cutting plugins, in the order their hooks must run. Returns the shared rate limits' Redis
 * when one is configured, so that /api/health can say whether it answers, and the metrics registry that
 * modules report to.
 */
export async function registerPlugins(
  app: App,
  { config, db, authenticator, broadcast, onInvalidate }: PluginChainOptions,
): Promise<{ redis: Redis | undefined; prometheus: Prometheus }> {
  const log = (message: string, error?: unknown) => app.log.warn({ err: error }, message);
  // The public cache's answers; an anonymous hit is answered by one of the first hooks (anonymous-hits.ts).
  const keptAnswers = createKeptAnswers({ ttlMs: 30_000, maxEntries: 1_000, log });
  // First of all: what these two answer needs nothing of the rest of the chain (decisions 0039, 0040).
  await app.register(onlineProbePlugin, { build: config.BUILD_ID });
  await app.register(anonymousHitsPlugin, { answers: keptAnswers });
  await app.register(errorsPlugin);
  // First of the preValidation hooks: nothing after it sees NUL, lone surrogates or hostile nesting.
  await app.register(inputGuardPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(corsPlugin, { trustedOrigins: config.TRUSTED_ORIGINS });
  await app.register(sessionPlugin, { authenticator, trustedOrigins: config.TRUSTED_ORIGINS });
  await app.register(accessPlugin);
  const prometheus = createPrometheus();
  await app.register(prometheusPlugin, {
    prometheus,
    db,
    token: config.METRICS_TOKEN,
    allowedAddresses: config.METRICS_ALLOWED_IPS,
  });
  let redis: Redis | undefined;
  if (config.REDIS_URL) {
    // ioredis is loaded only then: a single instance never holds it in memory (decision 0031).
    const { closeRedis, connectRedis } = await import('./redis.ts');
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
  // Before compression too: it keeps the serialised body. Other instances learn of writes by NOTIFY.
  await app.register(publicCachePlugin, { answers: keptAnswers, broadcast, onInvalidate, log });
  await app.register(compressionPlugin);
  await app.register(openApiPlugin, { version: config.BUILD_ID });
  return { redis, prometheus };
}
