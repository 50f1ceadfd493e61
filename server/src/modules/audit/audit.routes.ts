import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  auditActorsSchema,
  auditLogPageSchema,
  auditLogQuerySchema,
} from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import { listAudit, listAuditActors } from './audit.repo.ts';

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
          'action (a verb such as user.role, or a subject type such as user), subject, actor, text in ' +
          'the target, or period (whole days, UTC)',
        querystring: auditLogQuerySchema,
        response: { 200: auditLogPageSchema, ...errors },
      },
    },
    async (request) => listAudit(db, request.query),
  );

  app.get(
    '/api/admin/audit-log/actors',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Admins who have acted, for the audit log’s actor filter, by the name of their latest entry',
        response: { 200: auditActorsSchema, ...errors },
      },
    },
    async () => listAuditActors(db),
  );
};
