import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { nativeClientHeader, sessionCookieNames, type User } from '@uplift/contracts';
import type { AuthenticatedSession, AuthService } from '../modules/auth/auth.service.ts';
import { toUser } from '../modules/auth/auth.service.ts';
import { HttpError } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in session, resolved from the bearer header or the session cookie. */
    auth: (AuthenticatedSession & { publicUser: User; via: 'cookie' | 'bearer' }) | null;
    sessionToken: string | null;
  }
}

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function isNativeClient(request: FastifyRequest): boolean {
  return request.headers[nativeClientHeader] === 'native';
}

function readToken(request: FastifyRequest): { token: string; via: 'cookie' | 'bearer' } | null {
  const authorization = request.headers.authorization;
  if (authorization?.startsWith('Bearer ')) return { token: authorization.slice(7).trim(), via: 'bearer' };
  const fromCookie =
    request.cookies[sessionCookieNames.secure] ?? request.cookies[sessionCookieNames.insecure];
  return fromCookie ? { token: fromCookie, via: 'cookie' } : null;
}

/**
 * Refuses state-changing requests that a browser sent from another site; bearer requests are exempt
 * because a browser never attaches them on its own.
 */
function assertSameSite(request: FastifyRequest, trustedOrigins: string[]) {
  if (!unsafeMethods.has(request.method) || request.headers.authorization?.startsWith('Bearer ')) return;
  const origin = request.headers.origin;
  if (origin && trustedOrigins.includes(origin)) return;
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite) {
    if (fetchSite === 'same-origin' || fetchSite === 'none') return;
    throw new HttpError(403, 'Cross-site request refused.', 'PERMISSION_DENIED');
  }
  if (origin && origin !== `${request.protocol}://${request.host}`) {
    throw new HttpError(403, 'Cross-site request refused.', 'PERMISSION_DENIED');
  }
}

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  maxAgeMs: number,
) {
  const secure = request.protocol === 'https';
  reply.setCookie(secure ? sessionCookieNames.secure : sessionCookieNames.insecure, token, {
    httpOnly: true,
    secure,
    sameSite: 'lax',
    path: '/',
    maxAge: Math.floor(maxAgeMs / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(sessionCookieNames.secure, { path: '/', secure: true, httpOnly: true, sameSite: 'lax' });
  reply.clearCookie(sessionCookieNames.insecure, { path: '/', httpOnly: true, sameSite: 'lax' });
}

export const sessionPlugin = fp(
  async (app: FastifyInstance, options: { auth: AuthService; trustedOrigins: string[] }) => {
    await app.register(cookie);
    app.decorateRequest('auth', null);
    app.decorateRequest('sessionToken', null);
    app.addHook('onRequest', async (request) => {
      assertSameSite(request, options.trustedOrigins);
      const presented = readToken(request);
      if (!presented) return;
      request.sessionToken = presented.token;
      const found = await options.auth.authenticate(presented.token);
      if (found) request.auth = { ...found, publicUser: toUser(found.user), via: presented.via };
    });
  },
  { name: 'session' },
);
