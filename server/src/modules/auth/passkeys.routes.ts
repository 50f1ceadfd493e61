import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  authTokenResponseSchema,
  passkeyListSchema,
  passkeyOptionsSchema,
  passkeyRegistrationSchema,
  passkeySchema,
  passkeySignInSchema,
  successResponseSchema,
} from '@uplift/contracts';
import { HttpError } from '../../plugins/errors.ts';
import { clientInfo, deliverSession } from './auth.routes.ts';
import { toUser } from './auth.service.ts';
import type { Passkeys } from './passkeys.ts';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  429: apiErrorSchema,
};

function signedIn(request: FastifyRequest) {
  if (!request.auth) throw new HttpError(401);
  return request.auth;
}

/** Passkeys (issue 47.5, decision 0108): add, list and remove in settings; sign in with one. */
export const passkeyRoutes: FastifyPluginAsyncZod<{ passkeys: Passkeys; sessionAbsoluteMs: number }> = async (
  app,
  { passkeys, sessionAbsoluteMs },
) => {
  app.get(
    '/api/auth/passkeys',
    {
      config: { access: 'auth' },
      schema: {
        tags: ['auth'],
        summary: 'The signed-in member’s passkeys, oldest first',
        response: { 200: passkeyListSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { items: await passkeys.list(signedIn(request).user.id) };
    },
  );

  app.post(
    '/api/auth/passkeys/registration-options',
    {
      config: { access: 'auth', rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: 'Options for creating a passkey; their challenge works once, for five minutes',
        response: { 200: passkeyOptionsSchema, ...errors },
      },
    },
    async (request) => ({ ...(await passkeys.registrationOptions(signedIn(request).user)) }),
  );

  app.post(
    '/api/auth/passkeys',
    {
      config: { access: 'auth', rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: 'Add the passkey the browser created, answering a registration challenge of this member',
        body: passkeyRegistrationSchema,
        response: { 201: passkeySchema, ...errors },
      },
    },
    async (request, reply) => {
      const added = await passkeys.register(signedIn(request).user, request.body, clientInfo(request));
      return reply.code(201).send(added);
    },
  );

  app.delete(
    '/api/auth/passkeys/:id',
    {
      config: { access: 'auth', idempotent: true },
      schema: {
        tags: ['auth'],
        summary: 'Remove one of the member’s passkeys (another member’s is a 404)',
        params: z.object({ id: z.uuid() }),
        response: { 200: successResponseSchema, ...errors },
      },
    },
    async (request) => {
      await passkeys.remove(signedIn(request).user, request.params.id, clientInfo(request));
      return { success: true as const };
    },
  );

  app.post(
    '/api/auth/passkeys/authentication-options',
    {
      config: { access: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: 'Options for signing in with a passkey; their challenge works once, for five minutes',
        response: { 200: passkeyOptionsSchema, ...errors },
      },
    },
    async () => ({ ...(await passkeys.authenticationOptions()) }),
  );

  app.post(
    '/api/auth/passkeys/sign-in',
    {
      config: { access: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary:
          'Sign in with a passkey: throttled like a password, refused for a suspended member, and the same ' +
          'session as a password sign-in',
        body: passkeySignInSchema,
        response: { 200: authTokenResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const issued = await passkeys.signIn(request.body, clientInfo(request));
      const token = deliverSession(request, reply, issued, sessionAbsoluteMs);
      return { success: true as const, user: toUser(issued.user), token };
    },
  );
};
