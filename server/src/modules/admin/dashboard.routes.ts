import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  dashboardStatsQuerySchema,
  dashboardStatsSchema,
  type DashboardStats,
  type EconomicImpact,
} from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import type { MetricsService } from '../metrics/index.ts';
import { createDashboardService, type DashboardFigures } from './dashboard.service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 429: apiErrorSchema };

export const dashboardRoutes: FastifyPluginAsyncZod<{ db: Database; metrics: MetricsService }> = async (
  app,
  { db, metrics },
) => {
  const dashboard = createDashboardService(db);
  // The answer as written for the figures and the impact the two caches hold now (each the same object for
  // as long as it is kept): a repeat sends that text again instead of serialising 5 KB of figures anew.
  const written = new WeakMap<
    DashboardFigures,
    { impact: EconomicImpact; answer: DashboardStats; body: string }
  >();

  app.get(
    '/api/metrics/dashboard-stats',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'The admin dashboard over the last 7, 30 or 90 days: members by role, daily activity and Vale ' +
          'questions, assessment completion, daily security events, and the economic impact. The figures are ' +
          'at most 5 seconds old',
        querystring: dashboardStatsQuerySchema,
        response: { 200: dashboardStatsSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { days } = request.query;
      // Figures up to a few seconds old (dashboard.service.ts); the impact as the public pages see it.
      const [figures, impact] = await Promise.all([dashboard.figures(days), metrics.economicImpact()]);
      let kept = written.get(figures);
      if (kept?.impact !== impact) {
        const answer = { ...figures, impact };
        // Through the route's own response schema (fast-json-stringify: always text), as Fastify writes it.
        kept = { impact, answer, body: String(reply.serialize(answer)) };
        written.set(figures, kept);
      }
      const { body } = kept;
      reply.type('application/json; charset=utf-8').serializer(() => body);
      return kept.answer;
    },
  );
};
