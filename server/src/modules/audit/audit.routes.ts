import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, auditLogPageSchema, auditLogQuerySchema } from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import { listAudit } from './audit.repo.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 429: apiErrorSchema };

export const auditRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/admin/audit-log',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'Admin actions, newest first: who, when, what, and the values before and after. Filter by ' +
          'action (a verb such as user.role, or a subject type such as user), subject, or actor',
        querystring: auditLogQuerySchema,
        response: { 200: auditLogPageSchema, ...errors },
      },
    },
    async (request) => listAudit(db, request.query),
  );
};
