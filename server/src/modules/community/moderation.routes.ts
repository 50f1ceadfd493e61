import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  moderationDecisionInputSchema,
  moderationQueueSchema,
  successResponseSchema,
} from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import { actorOf } from '../audit/index.ts';
import type { EventBus } from '../events/index.ts';
import { decide, moderationQueue } from './moderation.ts';
import type { CommunityNotices } from './notices.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

export const moderationRoutes: FastifyPluginAsyncZod<{
  db: Database;
  events: EventBus;
  notices?: CommunityNotices;
}> = async (app, { db, events, notices }) => {
  app.get(
    '/api/admin/moderation',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['community', 'admin'],
        summary: 'Reported posts and comments with their open reports, most reported first',
        response: { 200: moderationQueueSchema, ...errors },
      },
    },
    async () => ({ items: await moderationQueue(db) }),
  );

  app.post(
    '/api/admin/moderation/decisions',
    {
      config: { access: 'admin', idempotent: true, invalidates: ['community'] },
      schema: {
        tags: ['community', 'admin'],
        summary: 'Hide, restore, or dismiss the reports of a post or comment (audited)',
        body: moderationDecisionInputSchema,
        response: { 200: successResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { postId, commentId, decision } = request.body;
      await decide(db, events, actorOf(request), { postId, commentId }, decision, notices);
      return { success: true as const };
    },
  );
};
