import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, dashboardStatsQuerySchema, dashboardStatsSchema } from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import type { MetricsService } from '../metrics/metrics.service.ts';
import * as repo from './dashboard.repo.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 429: apiErrorSchema };

export const dashboardRoutes: FastifyPluginAsyncZod<{ db: Database; metrics: MetricsService }> = async (
  app,
  { db, metrics },
) => {
  app.get(
    '/api/metrics/dashboard-stats',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'The admin dashboard over the last 7, 30 or 90 days: members by role, daily activity and Vale ' +
          'questions, assessment completion, daily security events, and the economic impact',
        querystring: dashboardStatsQuerySchema,
        response: { 200: dashboardStatsSchema, ...errors },
      },
    },
    async (request) => {
      const { days } = request.query;
      const { from, to } = repo.periodOf(days);
      const [byRole, joined, daily, assessed, secure, impact] = await Promise.all([
        repo.membersByRole(db),
        repo.newMembers(db, from),
        repo.activity(db, from, to),
        repo.assessments(db, from),
        repo.security(db, from, to),
        metrics.economicImpact(),
      ]);
      return {
        days,
        from,
        to,
        membersByRole: byRole,
        newMembers: joined,
        activity: daily,
        assessments: assessed,
        security: secure,
        impact,
        generatedAt: new Date().toISOString(),
      };
    },
  );
};
