import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from './errors.ts';

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Writes one address may send without a session, whatever the route (unknown ones included). */
export const anonymousWritesPerMinute = 120;

const tooMany = (ttlMs: number) =>
  new HttpError(
    429,
    `Too many requests. Please wait ${Math.ceil(ttlMs / 1000)} seconds and try again.`,
    'RATE_LIMITED',
  );

/**
 * Per-route limits (a route opts in with `config.rateLimit`), and one limit per address on every write
 * sent without a session, so nobody can fill the database or hammer handlers anonymously. In memory.
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance) => {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => tooMany(context.ttl),
  });

  const anonymousWrites = app.createRateLimit({ max: anonymousWritesPerMinute, timeWindow: '1 minute' });
  // After the session plugin's onRequest hook has resolved `request.auth`; before any handler writes.
  app.addHook('preValidation', async (request, reply) => {
    if (!unsafeMethods.has(request.method) || request.auth) return;
    const limit = await anonymousWrites(request);
    if (limit.isAllowed || !limit.isExceeded) return;
    reply.header('retry-after', limit.ttlInSeconds);
    throw tooMany(limit.ttl);
  });
});
