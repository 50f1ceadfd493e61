import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import {
  healthResponseSchema,
  liveResponseSchema,
  readyResponseSchema,
  statusResponseSchema,
} from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import { onlineProbeAnswer, onlineProbePath } from '../../plugins/online-probe.ts';
import type { Storage } from '../storage/index.ts';

export const systemRoutes: FastifyPluginAsyncZod<{
  db: Database;
  /** Where files are kept: readiness asks it about a file that is never there. */
  storage: Pick<Storage, 'head'>;
  /** The shared rate limits' Redis, when configured: health says whether it answers. */
  redis?: Redis;
  buildId: string;
}> = async (app, { db, storage, redis, buildId }) => {
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

  app.get(
    '/api/live',
    {
      config: { access: 'public', session: false },
      schema: {
        tags: ['system'],
        summary: 'Liveness: the process answers (no dependency is asked); restart it when this fails',
        response: { 200: liveResponseSchema },
      },
    },
    (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'ok' as const };
    },
  );

  app.get(
    '/api/ready',
    {
      config: { access: 'public', session: false },
      schema: {
        tags: ['system'],
        summary: 'Readiness: the database and the file storage answer and the server is not closing',
        response: { 200: readyResponseSchema, 503: readyResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const check = (what: string, probe: Promise<unknown>) =>
        probe.then(
          () => 'up' as const,
          (error: unknown) => {
            request.log.warn({ err: error }, `readiness: ${what} unreachable`);
            return 'down' as const;
          },
        );
      const [database, files] = await Promise.all([
        check('database', db.execute(sql`select 1`)),
        check('storage', storage.head('ready-probe.txt')),
      ]);
      // A closing server never gets here: Fastify answers 503 to every request once the close begins.
      const ready = database === 'up' && files === 'up';
      const body = {
        status: ready ? ('ok' as const) : ('unavailable' as const),
        database,
        storage: files,
      };
      return ready ? body : reply.code(503).send(body);
    },
  );
};
