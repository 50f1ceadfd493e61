import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from './errors.ts';

/** Per-route limits (a route opts in with `config.rateLimit`); in memory, per client IP. */
export const rateLimitPlugin = fp(async (app: FastifyInstance) => {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new HttpError(
        429,
        `Too many requests. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`,
        'RATE_LIMITED',
      ),
  });
});
