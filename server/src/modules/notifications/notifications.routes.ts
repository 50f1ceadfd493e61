import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  memberNotificationListQuerySchema,
  memberNotificationListSchema,
  pushSubscribeBodySchema,
  pushUnsubscribeBodySchema,
  unreadCountSchema,
  vapidPublicKeySchema,
} from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../plugins/errors.ts';
import * as repo from './notifications.repo.ts';
import type { NotificationsService } from './notifications.service.ts';
import { removeSubscription, saveSubscription } from './push-subscriptions.repo.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 429: apiErrorSchema };

function userIdOf(request: FastifyRequest): string {
  if (!request.auth) throw new HttpError(401);
  return request.auth.user.id;
}

/** The member's notification centre and their devices' push subscriptions. */
export const notificationsRoutes: FastifyPluginAsyncZod<{
  db: Database;
  notifications: NotificationsService;
  vapidPublicKey: () => Promise<string>;
  /** Push services a browser subscription may name (config PUSH_ALLOWED_HOSTS). */
  allowedPushHosts: readonly string[];
}> = async (app, { db, notifications, vapidPublicKey, allowedPushHosts }) => {
  app.get(
    '/api/notifications',
    {
      config: { access: 'auth' },
      schema: {
        tags: ['notifications'],
        summary: 'Your notifications, newest first, with the unread count',
        querystring: memberNotificationListQuerySchema,
        response: { 200: memberNotificationListSchema, ...errors },
      },
    },
    async (request) => {
      const userId = userIdOf(request);
      const { limit, before } = request.query;
      const cursor = before ? before.split('|') : null;
      const createdAt = cursor ? new Date(cursor[0] ?? '') : null;
      if (createdAt && Number.isNaN(createdAt.getTime()))
        throw new HttpError(400, 'That cursor is not valid.');
      const items = await repo.listInbox(
        db,
        userId,
        limit + 1,
        createdAt && cursor?.[1] ? { createdAt, id: cursor[1] } : null,
      );
      const page = items.slice(0, limit);
      const last = page.at(-1);
      return {
        items: page,
        unreadCount: await repo.unreadCount(db, userId),
        nextCursor: items.length > limit && last ? `${last.createdAt}|${last.id}` : null,
      };
    },
  );

  app.get(
    '/api/notifications/unread-count',
    {
      config: { access: 'auth' },
      schema: {
        tags: ['notifications'],
        summary: 'How many of your notifications are unread (the navigation badge)',
        response: { 200: unreadCountSchema, ...errors },
      },
    },
    async (request) => ({ unreadCount: await repo.unreadCount(db, userIdOf(request)) }),
  );

  app.post(
    '/api/notifications/:id/read',
    {
      config: { access: 'auth', idempotent: true },
      schema: {
        tags: ['notifications'],
        summary: 'Mark one notification read on every device',
        params: z.object({ id: z.uuid() }),
        response: { 200: unreadCountSchema, 404: apiErrorSchema, ...errors },
      },
    },
    async (request) => {
      const userId = userIdOf(request);
      if (!(await notifications.markRead(userId, request.params.id)))
        throw new HttpError(404, 'No notification with that id.');
      return { unreadCount: await repo.unreadCount(db, userId) };
    },
  );

  app.post(
    '/api/notifications/read-all',
    {
      config: { access: 'auth', idempotent: true },
      schema: {
        tags: ['notifications'],
        summary: 'Mark every notification read on every device',
        response: { 200: unreadCountSchema, ...errors },
      },
    },
    async (request) => {
      await notifications.markAllRead(userIdOf(request));
      return { unreadCount: 0 };
    },
  );

  app.get(
    '/api/notifications/push/public-key',
    {
      config: { access: 'public' },
      schema: {
        tags: ['notifications'],
        summary: "The server's VAPID public key, for a browser's push subscription",
        response: { 200: vapidPublicKeySchema },
      },
    },
    async () => ({ publicKey: await vapidPublicKey() }),
  );

  app.post(
    '/api/notifications/push/subscriptions',
    {
      config: { access: 'auth', idempotent: true, rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['notifications'],
        summary: "Register this device for push: a browser's subscription or a native device token",
        body: pushSubscribeBodySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      if (request.body.type === 'web' && !isAllowedPushHost(request.body.endpoint, allowedPushHosts)) {
        throw new HttpError(400, 'This push service is not supported. Use a browser with standard web push.');
      }
      await saveSubscription(db, userIdOf(request), request.body, request.headers['user-agent'] ?? null);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/api/notifications/push/subscriptions',
    {
      config: { access: 'auth', idempotent: true },
      schema: {
        tags: ['notifications'],
        summary: 'Stop push to this device (by its endpoint or token)',
        body: pushUnsubscribeBodySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await removeSubscription(db, userIdOf(request), request.body.endpoint);
      return reply.code(204).send(null);
    },
  );
};

function isAllowedPushHost(endpoint: string, allowedHosts: readonly string[]): boolean {
  const host = new URL(endpoint).hostname.toLowerCase();
  return allowedHosts.some((allowed) =>
    allowed.startsWith('*.') ? host.endsWith(allowed.slice(1)) : host === allowed,
  );
}
