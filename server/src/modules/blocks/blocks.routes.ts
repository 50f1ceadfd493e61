import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  blockedMembersSchema,
  memberIdParamsSchema,
  successResponseSchema,
} from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../plugins/errors.ts';
import { blockedBy } from './blocks.repo.ts';
import { block, unblock } from './blocks.service.ts';

function memberOf(request: FastifyRequest): string {
  const id = request.auth?.user.id;
  if (!id) throw new HttpError(401);
  return id;
}

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };

export const blocksRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/blocks',
    {
      config: { access: 'auth' },
      schema: {
        tags: ['messages'],
        summary: 'The members the caller has blocked, most recent first',
        response: { 200: blockedMembersSchema, 401: apiErrorSchema },
      },
    },
    async (request) => ({ items: await blockedBy(db, memberOf(request)) }),
  );

  app.put(
    '/api/blocks/:memberId',
    {
      config: { access: 'auth', idempotent: true, rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['messages'],
        summary: 'Block a member: neither can message the other; they cannot mention or follow the caller',
        params: memberIdParamsSchema,
        response: { 200: successResponseSchema, ...errors },
      },
    },
    async (request) => {
      await block(db, memberOf(request), request.params.memberId);
      return { success: true as const };
    },
  );

  app.delete(
    '/api/blocks/:memberId',
    {
      config: { access: 'auth', idempotent: true },
      schema: {
        tags: ['messages'],
        summary: 'Unblock a member',
        params: memberIdParamsSchema,
        response: { 200: successResponseSchema, ...errors },
      },
    },
    async (request) => {
      await unblock(db, memberOf(request), request.params.memberId);
      return { success: true as const };
    },
  );
};
