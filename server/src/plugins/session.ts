import type { IncomingHttpHeaders } from 'node:http';
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { nativeClientHeader, sessionCookieNames, type SessionEnded, type User } from '@uplift/contracts';
import { HttpError } from './errors.ts';
import { addRouteHook, isWrite, writes } from './route-hooks.ts';

/**
 * A signed-in session. Plugins rely on `publicUser` only; the module that authenticates (auth) merges the
 * rest of its shape into this interface, so that plugins never import modules.
 */
export interface SignedInSession {
  publicUser: User;
}

export interface SessionAuthenticator {
  /** The live session a token belongs to, or null. */
  authenticate(token: string): Promise<SignedInSession | null>;
  /** Why a token that does not sign in was refused, when the member may be told (a suspension); else null. */
  whyRefused(token: string): Promise<SessionEnded | null>;
  /** Drops what it keeps in memory of a member's sessions: their next request reads them afresh. */
  forgetUser(userId: string): void;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in session, resolved from the bearer header or the session cookie. */
    auth: (SignedInSession & { via: 'cookie' | 'bearer' }) | null;
    /** The token presented, live or not (refresh accepts a just-rotated one), and how it came. */
    sessionToken: { value: string; via: 'cookie' | 'bearer' } | null;
    /** A presented token that signs nobody in on a guarded route, and why, when the member may be told. */
    sessionEnded: SessionEnded | null;
  }
  interface FastifyContextConfig {
    /** `false`: the route never looks at who is signed in, so no session lookup runs (/api/status). */
    session?: false;
  }
}

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
 * Whether a request may carry a session, told from its raw headers before the cookies are parsed: any
 * Authorization header, or a cookie header naming the session cookie (its two names share a part). Never
 * false for a request readToken finds a token in; true for a few that it does not, which only means they
 * go the longer way.
 */
export function mayPresentSession(headers: IncomingHttpHeaders): boolean {
  return (
    headers.authorization !== undefined || headers.cookie?.includes(sessionCookieNames.insecure) === true
  );
}

/**
 * Refuses state-changing requests that a browser sent from another site; bearer requests are exempt
 * because a browser never attaches them on its own. The native shells' origins are trusted only without a
 * session cookie (their bearer calls, and the sign-in that gets the bearer token): a cookie request from
 * them is cross-site like any other.
 */
function assertSameSite(request: FastifyRequest, trustedOrigins: string[]) {
  if (!isWrite(request.method) || request.headers.authorization?.startsWith('Bearer ')) return;
  const origin = request.headers.origin;
  const hasSessionCookie = Object.values(sessionCookieNames).some(
    (name) => request.cookies[name] !== undefined,
  );
  if (origin && trustedOrigins.includes(origin) && !hasSessionCookie) return;
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
  async (
    app: FastifyInstance,
    options: { authenticator: SessionAuthenticator; trustedOrigins: string[] },
  ) => {
    await app.register(cookie);
    app.decorateRequest('auth', null);
    app.decorateRequest('sessionToken', null);
    app.decorateRequest('sessionEnded', null);
    const checkSameSite = (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) => {
      try {
        assertSameSite(request, options.trustedOrigins);
        done();
      } catch (error) {
        done(error as Error);
      }
    };
    const noteToken = (request: FastifyRequest, _reply: FastifyReply, done: () => void) => {
      const presented = readToken(request);
      if (presented) request.sessionToken = { value: presented.token, via: presented.via };
      done();
    };
    const authenticate = async (request: FastifyRequest) => {
      const presented = readToken(request);
      if (!presented) return;
      request.sessionToken = { value: presented.token, via: presented.via };
      const found = await options.authenticator.authenticate(presented.token);
      if (found) request.auth = { ...found, via: presented.via };
    };
    // Only a refused token on a route that needs a session looks further: the access check's 401 then says
    // why (a suspension), and a public route answers as it would to anyone.
    const authenticateOrExplain = async (request: FastifyRequest) => {
      await authenticate(request);
      if (!request.auth && request.sessionToken) {
        request.sessionEnded = await options.authenticator.whyRefused(request.sessionToken.value);
      }
    };
    // A member's own write may change what their session carries (name, photo, password): their next
    // request, answered after this one, must not see the copy kept from before it.
    const forgetWriter = (
      request: FastifyRequest,
      _reply: FastifyReply,
      payload: unknown,
      done: (error: null, payload: unknown) => void,
    ) => {
      if (request.auth) options.authenticator.forgetUser(request.auth.publicUser.id);
      done(null, payload);
    };
    // Per route: static files and unknown paths (no access level) never look for a session, and routes that
    // say so (session: false) note the token without touching the database.
    app.addHook('onRoute', (route) => {
      if (writes(route)) addRouteHook(route, 'onRequest', checkSameSite);
      const { access, session } = route.config ?? {};
      if (access) {
        const hook =
          session === false ? noteToken : access === 'public' ? authenticate : authenticateOrExplain;
        addRouteHook(route, 'onRequest', hook);
      }
      if (access && access !== 'public' && writes(route)) addRouteHook(route, 'onSend', forgetWriter);
    });
  },
  { name: 'session' },
);
