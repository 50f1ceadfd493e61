import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminNotificationListQuerySchema,
  adminNotificationListSchema,
  apiErrorSchema,
  audienceSizeSchema,
  composeNotificationBodySchema,
  notificationAudienceSchema,
  recipientListSchema,
  recipientSearchQuerySchema,
} from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../plugins/errors.ts';
import { actorOf } from '../audit/index.ts';
import * as repo from './notifications.repo.ts';
import { ComposeError, type NotificationsService } from './notifications.service.ts';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  429: apiErrorSchema,
};
const access = { permission: 'admin.notifications.send' } as const;

async function findSend(db: Database, id: string) {
  const { items } = await repo.listSends(db, 1, 1, id);
  const found = items[0];
  if (!found) throw new HttpError(404, 'No notification with that id.');
  return found;
}

/** Compose, schedule, cancel and the history with counts: admins (the send permission) only. */
export const notificationsAdminRoutes: FastifyPluginAsyncZod<{
  db: Database;
  notifications: NotificationsService;
}> = async (app, { db, notifications }) => {
  app.get(
    '/api/admin/notifications',
    {
      config: { access },
      schema: {
        tags: ['notifications', 'admin'],
        summary: 'Sends, newest first, with how many were targeted, delivered and read',
        querystring: adminNotificationListQuerySchema,
        response: { 200: adminNotificationListSchema, ...errors },
      },
    },
    async (request) => {
      const { page, pageSize } = request.query;
      return { ...(await repo.listSends(db, page, pageSize)), page, pageSize };
    },
  );

  app.post(
    '/api/admin/notifications',
    {
      config: { access, idempotent: true, rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['notifications', 'admin'],
        summary: 'Send a notification now, or schedule it',
        body: composeNotificationBodySchema,
        response: { 201: adminNotificationListSchema.shape.items.element, ...errors },
      },
    },
    async (request, reply) => {
      try {
        const id = await notifications.compose(actorOf(request), request.body);
        return reply.code(201).send(await findSend(db, id));
      } catch (error) {
        if (error instanceof ComposeError) throw new HttpError(400, error.message);
        throw error;
      }
    },
  );

  app.post(
    '/api/admin/notifications/:id/cancel',
    {
      config: { access, idempotent: true },
      schema: {
        tags: ['notifications', 'admin'],
        summary: 'Cancel a scheduled send that has not gone out',
        params: z.object({ id: z.uuid() }),
        response: { 200: adminNotificationListSchema.shape.items.element, 409: apiErrorSchema, ...errors },
      },
    },
    async (request) => {
      const outcome = await notifications.cancel(actorOf(request), request.params.id);
      if (outcome === 'not-found') throw new HttpError(404, 'No notification with that id.');
      if (outcome === 'too-late') throw new HttpError(409, 'This notification is no longer scheduled.');
      return findSend(db, request.params.id);
    },
  );

  app.post(
    '/api/admin/notifications/audience-size',
    {
      config: { access },
      schema: {
        tags: ['notifications', 'admin'],
        summary: 'How many members an audience reaches, before sending',
        body: z.object({ audience: notificationAudienceSchema }),
        response: { 200: audienceSizeSchema, ...errors },
      },
    },
    async (request) => ({ targeted: await repo.countAudience(db, request.body.audience) }),
  );

  app.get(
    '/api/admin/notifications/recipients',
    {
      config: { access },
      schema: {
        tags: ['notifications', 'admin'],
        summary: 'Members by name or email, to choose recipients',
        querystring: recipientSearchQuerySchema,
        response: { 200: recipientListSchema, ...errors },
      },
    },
    async (request) => ({ items: await repo.searchRecipients(db, request.query.q) }),
  );
};
