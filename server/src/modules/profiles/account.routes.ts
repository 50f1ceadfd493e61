import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountExportSchema,
  accountSessionListSchema,
  apiErrorSchema,
  deleteAccountRequestSchema,
  preferencesSchema,
  preferencesUpdateSchema,
  successResponseSchema,
  type AccountSession,
} from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../plugins/errors.ts';
import { clearSessionCookie } from '../../plugins/session.ts';
import type { AuthService } from '../auth/index.ts';
import { exportAccount } from './account-export.ts';
import type { PhotoService } from './profile-photo.ts';
import { findUserWithProfile } from './profiles.repo.ts';
import { preferencesOf, updatePreferences } from './profiles.service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema };

function signedIn(request: FastifyRequest) {
  if (!request.auth) throw new HttpError(401);
  return request.auth;
}

function clientInfo(request: FastifyRequest) {
  return { ip: request.ip, userAgent: request.headers['user-agent']?.slice(0, 512) ?? null };
}

/** Settings that follow the member (preferences) and the account itself: devices, export, deletion. */
export const accountRoutes: FastifyPluginAsyncZod<{
  db: Database;
  auth: AuthService;
  photos: PhotoService;
}> = async (app, { db, auth, photos }) => {
  async function sessionsOf(request: FastifyRequest): Promise<AccountSession[]> {
    const current = signedIn(request);
    const rows = await auth.listSessions(current.user.id);
    return rows.map((row) => ({
      id: row.id,
      userAgent: row.userAgent,
      ip: row.ip,
      createdAt: row.createdAt.toISOString(),
      lastUsedAt: row.lastUsedAt.toISOString(),
      current: row.id === current.session.id,
    }));
  }

  app.get(
    '/api/settings/preferences',
    {
      config: { access: 'auth' },
      schema: {
        tags: ['settings'],
        summary: 'Haptic and notification preferences (SPEC defaults until changed)',
        response: { 200: preferencesSchema, ...errors },
      },
    },
    async (request) => preferencesOf(db, signedIn(request).user.id),
  );

  app.patch(
    '/api/settings/preferences',
    {
      config: { access: 'auth', idempotent: true, rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['settings'],
        summary: 'Change some preferences; the others stay',
        body: preferencesUpdateSchema,
        response: { 200: preferencesSchema, ...errors },
      },
    },
    async (request) => updatePreferences(db, signedIn(request).user.id, request.body),
  );

  app.get(
    '/api/account/sessions',
    {
      config: { access: 'auth' },
      schema: {
        tags: ['settings'],
        summary: 'The devices signed in to this account, most recently used first',
        response: { 200: accountSessionListSchema, ...errors },
      },
    },
    async (request) => ({ items: await sessionsOf(request) }),
  );

  app.delete(
    '/api/account/sessions/:id',
    {
      config: { access: 'auth', idempotent: true },
      schema: {
        tags: ['settings'],
        summary: 'Sign out one device (this one included)',
        params: z.object({ id: z.uuid() }),
        response: { 200: successResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const current = signedIn(request);
      if (!(await auth.signOutSession(current, request.params.id, clientInfo(request)))) {
        throw new HttpError(404, 'No signed-in device with that id.');
      }
      if (request.params.id === current.session.id) clearSessionCookie(reply);
      return { success: true as const };
    },
  );

  app.get(
    '/api/account/export',
    {
      config: { access: 'auth', rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['settings'],
        summary: 'Everything stored about the signed-in member, as one JSON document',
        response: { 200: accountExportSchema, ...errors },
      },
    },
    async (request, reply) => {
      const data = await exportAccount(db, signedIn(request).user.id, await sessionsOf(request));
      const day = data.exportedAt.slice(0, 10);
      return reply
        .header('content-disposition', `attachment; filename="uplift-export-${day}.json"`)
        .send(data);
    },
  );

  app.delete(
    '/api/account',
    {
      config: {
        access: 'auth',
        rateLimit: { max: 10, timeWindow: '1 minute' },
        invalidates: ['community', 'impact'],
      },
      schema: {
        tags: ['settings'],
        summary:
          'Delete the account after confirming the password: sessions end, personal data is removed, ' +
          'content others see shows "Former member"',
        body: deleteAccountRequestSchema,
        response: { 200: successResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const current = signedIn(request);
      const photoKey = (await findUserWithProfile(db, current.user.id))?.profile?.photoKey ?? null;
      await auth.deleteAccount(current, request.body.password, clientInfo(request));
      if (photoKey) await photos.removeFiles(photoKey);
      clearSessionCookie(reply);
      return { success: true as const };
    },
  );
};
