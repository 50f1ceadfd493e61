import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { HttpError } from './errors.ts';
import { isWrite } from './route-hooks.ts';
/** Writes one address may send without a session, whatever the route (unknown ones included). */
export const anonymousWritesPerMinute = 120;

const tooMany = (ttlMs: number) =>
  new HttpError(
    429,
    `Too many requests. Please wait ${Math.ceil(ttlMs / 1000)} seconds and try again.`,
    'RATE_LIMITED',
  ).retryAfter(ttlMs / 1000);

/**
 * Per-route limits (a route opts in with `config.rateLimit`), and one limit per address on every write
 * sent without a session, so nobody can fill the database or hammer handlers anonymously. Counted in
 * `redis` when given (redis.ts' `connectRedis`), so every instance shares them; in this process's memory
 * otherwise.
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance, { redis }: { redis?: Redis }) => {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => tooMany(context.ttl),
    ...(redis ? { redis, nameSpace: 'uplift-rate-limit:' } : {}),
    // With Redis lost after start-up, requests go on uncounted rather than failing: sign-in throttling
    // and quotas are counted in the database and still hold.
    skipOnError: true,
  });

  const anonymousWrites = app.createRateLimit({ max: anonymousWritesPerMinute, timeWindow: '1 minute' });
  // After the session hooks have resolved `request.auth` (onRequest); before any handler writes. On every
  // route, unknown ones included, so synchronous until a write without a session needs the limiter.
  app.addHook(
    'preValidation',
    (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
      if (!isWrite(request.method) || request.auth) return done();
      anonymousWrites(request).then((limit) => {
        if (limit.isAllowed || !limit.isExceeded) return done();
        reply.header('retry-after', limit.ttlInSeconds);
        done(tooMany(limit.ttl));
      }, done);
    },
  );
});
