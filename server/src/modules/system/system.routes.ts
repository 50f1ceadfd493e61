import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { healthResponseSchema, statusResponseSchema } from '@uplift/contracts';
import type { Database } from '../../db/client.ts';

export const systemRoutes: FastifyPluginAsyncZod<{ db: Database; buildId: string }> = async (
  app,
  { db, buildId },
) => {
  app.get(
    '/api/status',
    {
      config: { access: 'public', session: false },
      schema: {
        tags: ['system'],
        summary: 'Online probe: cheap, never touches the database',
        response: { 200: statusResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'ok' as const, time: new Date().toISOString(), build: buildId };
    },
  );

  app.get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Readiness, including a database round-trip',
        response: { 200: healthResponseSchema, 503: healthResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const uptimeSeconds = Math.round(process.uptime());
      try {
        await db.execute(sql`select 1`);
        return { status: 'ok' as const, database: 'up' as const, uptimeSeconds };
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        return reply.code(503).send({ status: 'unavailable', database: 'down', uptimeSeconds });
      }
    },
  );
};
