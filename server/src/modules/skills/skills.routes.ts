import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  answerRequestSchema,
  apiErrorSchema,
  assessmentResultSchema,
  assessmentStateSchema,
  hasPermission,
  skillRecommendationsResponseSchema,
  skillResultsResponseSchema,
  startAssessmentRequestSchema,
} from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../plugins/errors.ts';
import { recommendationsFor } from './recommendations.ts';
import type { SkillsMember, SkillsService } from './skills.service.ts';

const idParams = z.object({ id: z.uuid() });
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

/** Tier rules are the server's: percentiles and history need `skills.detailedReport`. */
function memberOf(request: FastifyRequest): SkillsMember {
  const user = request.auth?.publicUser;
  if (!user) throw new HttpError(401);
  return { id: user.id, detailedReport: hasPermission(user, 'skills.detailedReport') };
}

export const skillsRoutes: FastifyPluginAsyncZod<{ db: Database; skills: SkillsService }> = async (
  app,
  { db, skills },
) => {
  app.post(
    '/api/skills/assessments',
    {
      config: { access: 'auth', idempotent: true, rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['skills'],
        summary: 'Start an adaptive assessment of one to eight skills; answers with the first question',
        body: startAssessmentRequestSchema,
        response: { 201: assessmentStateSchema, ...errors },
      },
    },
    async (request, reply) => {
      const state = await skills.start(memberOf(request), request.body.skills);
      return reply.code(201).send(state);
    },
  );

  app.get(
    '/api/skills/assessments/:id',
    {
      config: { access: 'auth' },
      schema: {
        tags: ['skills'],
        summary: 'The attempt as it stands, with the question to answer now (never its key)',
        params: idParams,
        response: { 200: assessmentStateSchema, ...errors },
      },
    },
    async (request) => skills.state(memberOf(request), request.params.id),
  );

  app.post(
    '/api/skills/assessments/:id/answers',
    {
      config: { access: 'auth', idempotent: true, rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['skills'],
        summary:
          'Answer the question served; 400 for a question not served, 409 once answered differently or complete',
        params: idParams,
        body: answerRequestSchema,
        response: { 200: assessmentStateSchema, ...errors },
      },
    },
    async (request) =>
      skills.answer(memberOf(request), request.params.id, {
        itemId: request.body.itemId,
        choice: request.body.choice,
        timeSpentMs: request.body.timeSpentMs ?? 0,
      }),
  );

  app.get(
    '/api/skills/assessments/:id/result',
    {
      config: { access: 'auth' },
      schema: {
        tags: ['skills'],
        summary: 'Scores, levels, bands and the review of a completed attempt (percentiles by tier)',
        params: idParams,
        response: { 200: assessmentResultSchema, ...errors },
      },
    },
    async (request) => skills.result(memberOf(request), request.params.id),
  );

  app.get(
    '/api/skills/results',
    {
      config: { access: 'auth' },
      schema: {
        tags: ['skills'],
        summary: "The member's latest result per skill, the attempt in progress, and history by tier",
        response: { 200: skillResultsResponseSchema, 401: apiErrorSchema },
      },
    },
    async (request) => skills.results(memberOf(request)),
  );

  app.get(
    '/api/skills/recommendations',
    {
      config: { access: 'auth' },
      schema: {
        tags: ['skills'],
        summary: 'Videos, knowledge points and partners tagged with the member’s weakest skills',
        response: { 200: skillRecommendationsResponseSchema, 401: apiErrorSchema },
      },
    },
    async (request) => recommendationsFor(db, memberOf(request).id),
  );
};
