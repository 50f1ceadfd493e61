import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

// Sign-in, registration, refresh and sign-out answer with a user and, for the native shells, a token.
const authPrefix = '/api/auth/';

/** Whether the answer may hold someone's data: a caller with a session, a guarded route, or an auth answer. */
function isPrivate(request: FastifyRequest): boolean {
  const access = request.routeOptions.config.access;
  return (
    request.sessionToken !== null ||
    (access !== undefined && access !== 'public') ||
    request.url.startsWith(authPrefix)
  );
}

/**
 * `Cache-Control: no-store` on every API answer that may carry user data or a token, errors included, so
 * no browser, proxy or shared device keeps a copy. Public reads (knowledge points) keep their own caching.
 * Streamed answers set it themselves (answer-stream.ts), as they bypass onSend.
 */
export const cacheControlPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onSend', async (request, reply) => {
      if (request.url.startsWith('/api/') && isPrivate(request)) reply.header('cache-control', 'no-store');
    });
  },
  { name: 'cache-control', dependencies: ['session', 'access'] },
);
