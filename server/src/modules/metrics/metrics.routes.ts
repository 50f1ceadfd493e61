import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, economicImpactSchema, industryBreakdownSchema } from '@uplift/contracts';
import { impactTag, type MetricsService } from './metrics.service.ts';

// Shared caches may keep the public aggregates briefly; browsers check back each time (a member who just
// reported an outcome sees it at once): anonymous callers get the public cache's ETag, and a 304.
const publicCaching = 'public, no-cache';

export const metricsRoutes: FastifyPluginAsyncZod<{ metrics: MetricsService }> = async (app, { metrics }) => {
  app.get(
    '/api/metrics/economic-impact',
    {
      config: { access: 'public', publicCache: impactTag },
      schema: {
        tags: ['metrics'],
        summary:
          'Community economic impact computed from stored rows: members, outcomes, wage uplift, training ' +
          'hours, partner connections, 12-month trend. Figures from fewer than 5 members are null',
        response: { 200: economicImpactSchema, 429: apiErrorSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', publicCaching);
      return metrics.economicImpact();
    },
  );

  app.get(
    '/api/industry-breakdown',
    {
      config: { access: 'public', publicCache: impactTag },
      schema: {
        tags: ['metrics'],
        summary: 'The same figures per industry; industries of fewer than 5 members are folded into Other',
        response: { 200: industryBreakdownSchema, 429: apiErrorSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', publicCaching);
      return metrics.industryBreakdown();
    },
  );
};
