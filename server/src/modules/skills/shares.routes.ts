import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  shareSkillRequestSchema,
  sharedSkillResultSchema,
  skillShareIdSchema,
  skillShareSchema,
  skillSharesResponseSchema,
  successResponseSchema,
} from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../plugins/errors.ts';
import { drawShareImage } from './share-image.ts';
import { notShared, sharedSkillResult } from './shared-result.ts';
import type { SharesService } from './shares.service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };
/** A malformed id is no share either: the same 404 as a revoked one, so ids cannot be probed. */
const shareParams = z.object({ id: z.string().max(64) });
const validId = (id: string) => {
  if (!skillShareIdSchema.safeParse(id).success) throw notShared();
  return id;
};
/**
 * The card is kept a few minutes at most by browsers and link previews (a share stopped is gone from the
 * server at once and from their caches soon after); the result itself is asked again every time, so the
 * page of a stopped share says so at once.
 */
const imageCacheControl = 'public, max-age=300';

function ownerOf(request: FastifyRequest): string {
  const user = request.auth?.publicUser;
  if (!user) throw new HttpError(401);
  return user.id;
}

/** The results a member shares (decision 0093): theirs to publish and stop; anyone's to see by link. */
export const sharesRoutes: FastifyPluginAsyncZod<{ db: Database; shares: SharesService }> = async (
  app,
  { db, shares },
) => {
  app.get(
    '/api/skills/shares',
    {
      config: { access: 'auth' },
      schema: {
        tags: ['skills'],
        summary: 'The results the member shares, each with its public page',
        response: { 200: skillSharesResponseSchema, 401: apiErrorSchema },
      },
    },
    async (request) => ({ shares: await shares.list(ownerOf(request)) }),
  );

  app.post(
    '/api/skills/shares',
    {
      config: { access: 'auth', idempotent: true, rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['skills'],
        summary:
          "Share the member's latest result in a skill on a public page (the same page when already shared); 409 without a result",
        body: shareSkillRequestSchema,
        response: { 201: skillShareSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await shares.share(ownerOf(request), request.body.skill)),
  );

  app.delete(
    '/api/skills/shares/:id',
    {
      config: { access: 'auth', idempotent: true },
      schema: {
        tags: ['skills'],
        summary: 'Stop sharing a result: its page answers 404 from now on; 404 for a share not yours',
        params: shareParams,
        response: { 200: successResponseSchema, ...errors },
      },
    },
    async (request) => {
      await shares.stop(ownerOf(request), validId(request.params.id));
      return { success: true as const };
    },
  );

  app.get(
    '/api/skills/shared/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['skills'],
        summary:
          'A shared result: skill, level, score band and date, nothing about the member; 404 unless shared',
        params: shareParams,
        response: { 200: sharedSkillResultSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const result = await sharedSkillResult(db, validId(request.params.id));
      reply.header('cache-control', 'no-cache');
      return result;
    },
  );

  app.get(
    '/api/skills/shared/:id/image.png',
    {
      config: { access: 'public' },
      schema: {
        tags: ['skills'],
        summary: "A shared result's Open Graph image, 1200 × 630 PNG drawn by the server; 404 unless shared",
        params: shareParams,
        response: { 200: z.any().describe('image/png bytes'), 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const result = await sharedSkillResult(db, validId(request.params.id));
      return reply
        .header('cache-control', imageCacheControl)
        .type('image/png')
        .send(await drawShareImage(result));
    },
  );
};
