import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, dashboardStatsQuerySchema, dashboardStatsSchema } from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import type { MetricsService } from '../metrics/index.ts';
import { createDashboardService } from './dashboard.service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 429: apiErrorSchema };

export const dashboardRoutes: FastifyPluginAsyncZod<{ db: Database; metrics: MetricsService }> = async (
  app,
  { db, metrics },
) => {
  const dashboard = createDashboardService(db);

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
    async (request) => {
      const { days } = request.query;
      // Figures up to a few seconds old (dashboard.service.ts); the impact as the public pages see it.
      const [figures, impact] = await Promise.all([dashboard.figures(days), metrics.economicImpact()]);
      return { ...figures, impact };
    },
  );
};
