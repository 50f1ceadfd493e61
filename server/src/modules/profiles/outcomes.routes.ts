import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  outcomeInputSchema,
  outcomeListSchema,
  outcomeSchema,
  successResponseSchema,
} from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../plugins/errors.ts';
import { signedInUserId } from './profiles.routes.ts';
import * as repo from './profiles.repo.ts';
import { toOutcome } from './profiles.service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema };
const idParams = z.object({ id: z.uuid() });
/** A member reports a few outcomes a year; this is far above honest use and bounds the table per member. */
const maxOutcomesPerMember = 200;

/**
 * The member's reported outcomes. The writes declare the impact figures' tag (metrics.service.ts), so
 * every instance drops its cached figures once one succeeds.
 */
export const outcomesRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/profile/outcomes',
    {
      config: { access: 'auth' },
      schema: {
        tags: ['profiles'],
        summary: 'The outcomes the signed-in member reported, latest first',
        response: { 200: outcomeListSchema, ...errors },
      },
    },
    async (request) => ({ items: (await repo.listOutcomes(db, signedInUserId(request))).map(toOutcome) }),
  );

  app.post(
    '/api/profile/outcomes',
    {
      config: {
        access: 'auth',
        idempotent: true,
        rateLimit: { max: 30, timeWindow: '1 minute' },
        invalidates: ['impact'],
      },
      schema: {
        tags: ['profiles'],
        summary: 'Report an outcome: new job, promotion, raise, certification or business started',
        body: outcomeInputSchema,
        response: { 201: outcomeSchema, ...errors },
      },
    },
    async (request, reply) => {
      const userId = signedInUserId(request);
      const existing = await repo.listOutcomes(db, userId);
      if (existing.length >= maxOutcomesPerMember) {
        throw new HttpError(
          400,
          `You can keep up to ${maxOutcomesPerMember} outcomes. Delete an old one first.`,
        );
      }
      const row = await repo.insertOutcome(db, { userId, ...request.body });
      return reply.code(201).send(toOutcome(row));
    },
  );

  app.put(
    '/api/profile/outcomes/:id',
    {
      config: { access: 'auth', idempotent: true, invalidates: ['impact'] },
      schema: {
        tags: ['profiles'],
        summary: 'Change one of the own outcomes',
        params: idParams,
        body: outcomeInputSchema,
        response: { 200: outcomeSchema, ...errors },
      },
    },
    async (request) => {
      const row = await repo.updateOutcome(db, signedInUserId(request), request.params.id, request.body);
      if (!row) throw new HttpError(404, 'No outcome of yours with that id.');
      return toOutcome(row);
    },
  );

  app.delete(
    '/api/profile/outcomes/:id',
    {
      config: { access: 'auth', idempotent: true, invalidates: ['impact'] },
      schema: {
        tags: ['profiles'],
        summary: 'Delete one of the own outcomes',
        params: idParams,
        response: { 200: successResponseSchema, ...errors },
      },
    },
    async (request) => {
      if (!(await repo.deleteOutcome(db, signedInUserId(request), request.params.id))) {
        throw new HttpError(404, 'No outcome of yours with that id.');
      }
      return { success: true as const };
    },
  );
};
