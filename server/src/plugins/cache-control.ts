import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { addRouteHook } from './route-hooks.ts';

/** The Cache-Control an answer had before this plugin made it no-store (undefined: it had none). */
const ownCacheControl = Symbol('cacheControl.own');
type ReplyWithOwn = FastifyReply & { [ownCacheControl]?: string };

/**
 * The Cache-Control the route gave this answer, as any caller would have had it: what the public cache
 * keeps when a signed-in caller's answer is the same for everyone (public-cache.ts).
 */
export function routesCacheControl(reply: FastifyReply): string | undefined {
  return ownCacheControl in reply ? (reply as ReplyWithOwn)[ownCacheControl] : cacheControlOf(reply);
}

function cacheControlOf(reply: FastifyReply): string | undefined {
  const value = reply.getHeader('cache-control');
  return value === undefined ? undefined : String(value);
}

// Sign-in, registration, refresh and sign-out answer with a user and, for the native shells, a token.
const authPrefix = '/api/auth/';

/**
 * `Cache-Control: no-store` on every API answer that may carry user data or a token, errors included, so
 * no browser, proxy or shared device keeps a copy: a guarded route's or an auth answer always, a public
 * route's when the caller presented a session. Public reads keep their own caching. Streamed answers set it
 * themselves (answer-stream.ts), as they bypass onSend.
 */
export const cacheControlPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api/')) return;
      const access = route.config?.access;
      const alwaysPrivate = (access !== undefined && access !== 'public') || route.url.startsWith(authPrefix);
      addRouteHook(
        route,
        'onSend',
        (
          request: FastifyRequest,
          reply: FastifyReply,
          payload: unknown,
          done: (error: null, payload: unknown) => void,
        ) => {
          if (alwaysPrivate || request.sessionToken !== null) {
            (reply as ReplyWithOwn)[ownCacheControl] = cacheControlOf(reply);
            reply.header('cache-control', 'no-store');
          }
          done(null, payload);
        },
      );
    });
  },
  { name: 'cache-control', dependencies: ['session', 'access'] },
);
