import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  authTokenResponseSchema,
  authUserResponseSchema,
  changePasswordRequestSchema,
  emailChangeRequestSchema,
  emailVerifiedSchema,
  emailVerifyRequestSchema,
  loginRequestSchema,
  mailSentSchema,
  passwordResetConfirmSchema,
  passwordResetRequestedMessage,
  passwordResetRequestedSchema,
  passwordResetRequestSchema,
  registerRequestSchema,
  successResponseSchema,
} from '@uplift/contracts';
import { HttpError } from '../../plugins/errors.ts';
import { clearSessionCookie, isNativeClient, setSessionCookie } from '../../plugins/session.ts';
import type { ClientInfo } from './auth.repo.ts';
import { toUser, type AuthService, type IssuedSession } from './auth.service.ts';
import type { EmailVerification } from './email-verification.ts';
import type { PasswordResets } from './password-reset.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 429: apiErrorSchema };

/**
 * Web clients get the token as an httpOnly cookie; native clients, and whoever presented a bearer token,
 * in the body (a cookie would be lost on a client that sends bearer headers). Every sign-in delivers so.
 */
export function deliverSession(
  request: FastifyRequest,
  reply: FastifyReply,
  issued: IssuedSession,
  sessionAbsoluteMs: number,
) {
  if (isNativeClient(request) || request.sessionToken?.via === 'bearer') return issued.token;
  setSessionCookie(request, reply, issued.token, sessionAbsoluteMs);
  return null;
}

export function clientInfo(request: FastifyRequest): ClientInfo {
  return { ip: request.ip, userAgent: request.headers['user-agent']?.slice(0, 512) ?? null };
}

export const authRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  resets: PasswordResets;
  verification: EmailVerification;
  sessionAbsoluteMs: number;
}> = async (app, { auth, resets, verification, sessionAbsoluteMs }) => {
  const deliver = (request: FastifyRequest, reply: FastifyReply, issued: IssuedSession) =>
    deliverSession(request, reply, issued, sessionAbsoluteMs);

  app.post(
    '/api/auth/register',
    {
      config: { access: 'public', rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: 'Create a member account (member-tier-1) and sign in',
        body: registerRequestSchema,
        response: { 201: authTokenResponseSchema, 409: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const issued = await auth.register(request.body, clientInfo(request));
      await verification.afterRegister(issued.user);
      const token = deliver(request, reply, issued);
      return reply.code(201).send({ success: true as const, user: toUser(issued.user), token });
    },
  );

  app.post(
    '/api/auth/login',
    {
      config: { access: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password',
        body: loginRequestSchema,
        response: { 200: authTokenResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const issued = await auth.login(request.body, clientInfo(request));
      const token = deliver(request, reply, issued);
      return { success: true as const, user: toUser(issued.user), token };
    },
  );

  app.post(
    '/api/auth/logout',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Sign out: revoke this session and clear its cookie',
        response: { 200: successResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      await auth.logout(request.auth, clientInfo(request));
      clearSessionCookie(reply);
      // A shared phone or library computer keeps nothing of the member's in the browser's HTTP cache. Not
      // "storage": that would also drop the service worker and the offline queue of whoever signs in next.
      reply.header('clear-site-data', '"cache", "cookies"');
      return { success: true as const };
    },
  );

  app.get(
    '/api/auth/verify',
    {
      config: { access: 'auth' },
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user, if the session is still valid',
        response: { 200: authUserResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!request.auth) throw new HttpError(401);
      return { success: true as const, user: request.auth.publicUser };
    },
  );

  app.post(
    '/api/auth/refresh',
    {
      config: { access: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary:
          'Rotate the session token. Presented again within 60 s it gives the same successor; after that, ' +
          'a reused old token revokes the whole session family',
        response: { 200: authUserResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      if (!request.sessionToken) throw new HttpError(401);
      try {
        const issued = await auth.refresh(request.sessionToken.value, clientInfo(request));
        const token = deliver(request, reply, issued);
        return { success: true as const, user: toUser(issued.user), ...(token ? { token } : {}) };
      } catch (error) {
        clearSessionCookie(reply);
        throw error;
      }
    },
  );

  app.post(
    '/api/auth/password',
    {
      config: { access: 'auth', rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: 'Change the password; every other session is signed out',
        body: changePasswordRequestSchema,
        response: { 200: successResponseSchema, ...errors },
      },
    },
    async (request) => {
      if (!request.auth) throw new HttpError(401);
      await auth.changePassword(request.auth, request.body, clientInfo(request));
      return { success: true as const };
    },
  );

  app.post(
    '/api/auth/password-reset',
    {
      config: { access: 'public', rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary:
          'Ask for a link to choose a new password. The answer is the same whether or not the email has an ' +
          'account; the link is mailed by the job queue, works once and for 30 minutes',
        body: passwordResetRequestSchema,
        response: { 202: passwordResetRequestedSchema, ...errors },
      },
    },
    async (request, reply) => {
      await resets.request(request.body.email, clientInfo(request));
      return reply.code(202).send({ success: true as const, message: passwordResetRequestedMessage });
    },
  );

  app.post(
    '/api/auth/password-reset/confirm',
    {
      config: { access: 'public', rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary:
          "Choose a new password with a reset link's token; every session of the account is signed out",
        body: passwordResetConfirmSchema,
        response: { 200: successResponseSchema, ...errors },
      },
    },
    async (request) => {
      await resets.confirm(request.body, clientInfo(request));
      return { success: true as const };
    },
  );

  app.post(
    '/api/auth/email/verification',
    {
      config: { access: 'auth', rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: "Mail the account's address a new verification link (a few a day)",
        response: { 202: mailSentSchema, ...errors },
      },
    },
    async (request, reply) => {
      if (!request.auth) throw new HttpError(401);
      const message = await verification.resend(request.auth, clientInfo(request));
      return reply.code(202).send({ success: true as const, message });
    },
  );

  app.post(
    '/api/auth/email',
    {
      config: { access: 'auth', rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary:
          'Change the email address: with the password, a link goes to the new address (which becomes ' +
          "the account's once followed) and a notice to the old one",
        body: emailChangeRequestSchema,
        response: { 202: mailSentSchema, ...errors },
      },
    },
    async (request, reply) => {
      if (!request.auth) throw new HttpError(401);
      const message = await verification.requestChange(request.auth, request.body, clientInfo(request));
      return reply.code(202).send({ success: true as const, message });
    },
  );

  app.post(
    '/api/auth/email/verify',
    {
      config: { access: 'public', rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: "Follow a verification link: its address becomes the account's verified email",
        body: emailVerifyRequestSchema,
        response: { 200: emailVerifiedSchema, 409: apiErrorSchema, ...errors },
      },
    },
    async (request) => {
      const email = await verification.confirm(request.body.token, clientInfo(request));
      return { success: true as const, email };
    },
  );
};
