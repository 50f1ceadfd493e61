import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  conversationIdParamsSchema,
  reportedConversationListSchema,
  reportedConversationMessagesSchema,
  successResponseSchema,
} from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import { actorOf } from '../audit/index.ts';
import { closeReported, openReported } from './moderation.ts';
import { reportedConversations } from './reports.repo.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

export const messagesModerationRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/admin/moderation/conversations',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['messages', 'admin'],
        summary: 'Reported conversations: their members and the reports, without the messages',
        response: { 200: reportedConversationListSchema, ...errors },
      },
    },
    async () => ({ items: await reportedConversations(db) }),
  );

  app.post(
    '/api/admin/moderation/conversations/:id/open',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['messages', 'admin'],
        summary: 'Read a reported conversation (audited); 403 unless it has an open report',
        params: conversationIdParamsSchema,
        response: { 200: reportedConversationMessagesSchema, ...errors },
      },
    },
    async (request) => openReported(db, actorOf(request), request.params.id),
  );

  app.post(
    '/api/admin/moderation/conversations/:id/close',
    {
      config: { access: 'admin', idempotent: true },
      schema: {
        tags: ['messages', 'admin'],
        summary: 'Close the reports of a conversation: it leaves the queue and is private again (audited)',
        params: conversationIdParamsSchema,
        response: { 200: successResponseSchema, ...errors },
      },
    },
    async (request) => {
      await closeReported(db, actorOf(request), request.params.id);
      return { success: true as const };
    },
  );
};
