import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { healthResponseSchema, statusResponseSchema } from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import { onlineProbeAnswer, onlineProbePath } from '../../plugins/online-probe.ts';

export const systemRoutes: FastifyPluginAsyncZod<{
  db: Database;
  /** The shared rate limits' Redis, when configured: health says whether it answers. */
  redis?: Redis;
  buildId: string;
}> = async (app, { db, redis, buildId }) => {
  app.get(
    onlineProbePath,
    {
      config: { access: 'public', session: false },
      schema: {
        tags: ['system'],
        summary: 'Online probe: cheap, never touches the database',
        response: { 200: statusResponseSchema },
      },
    },
    // Cross-origin polls and HEAD; a same-origin GET is answered before the chain (online-probe.ts).
    (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return onlineProbeAnswer(buildId);
    },
  );

  app.get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Readiness, including a database round-trip (and Redis, when configured)',
        response: { 200: healthResponseSchema, 503: healthResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const uptimeSeconds = Math.round(process.uptime());
      // A PING on the open connection, within its 500 ms command time-out. A Redis that does not answer is
      // reported but leaves the instance ready: requests go on, uncounted (decision 0033).
      const [database, redisState] = await Promise.all([
        db.execute(sql`select 1`).then(
          () => 'up' as const,
          (error: unknown) => {
            request.log.error({ err: error }, 'health check: database unreachable');
            return 'down' as const;
          },
        ),
        redis?.ping().then(
          () => 'ok' as const,
          () => 'unavailable' as const,
        ),
      ]);
      if (database === 'down') {
        return reply.code(503).send({ status: 'unavailable', database, redis: redisState, uptimeSeconds });
      }
      return { status: 'ok' as const, database, redis: redisState, uptimeSeconds };
    },
  );
};
