import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  errorLogLimits,
  errorLogListQuerySchema,
  errorLogListResponseSchema,
  errorLogPayloadSchema,
  errorLogResponseSchema,
} from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import { insertErrorLog, listRecentErrorLogs } from './error-log.repo.ts';

/** Client error reports (SPEC §3 error log payload). Rate-limited per client so a crash loop cannot flood. */
export const errorLogRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.post(
    '/api/log-error',
    {
      bodyLimit: errorLogLimits.bodyMaxBytes,
      // The offline queue replays reports with their Idempotency-Key.
      config: { access: 'public', idempotent: true, rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['system'],
        summary: 'Store a client-side error report',
        body: errorLogPayloadSchema,
        response: {
          201: errorLogResponseSchema,
          400: apiErrorSchema,
          413: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const id = await insertErrorLog(db, request.body, request.ip);
      return reply.code(201).send({ success: true as const, id });
    },
  );

  app.get(
    '/api/admin/error-logs',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['system'],
        summary: 'The latest client error reports, newest first (admins)',
        querystring: errorLogListQuerySchema,
        response: { 200: errorLogListResponseSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => ({ items: await listRecentErrorLogs(db, request.query.limit) }),
  );
};
