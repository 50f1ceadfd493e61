import { eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminOverviewSchema, apiErrorSchema } from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import { partnerConnectionRequests, users } from '../../db/schema.ts';
import { listAudit } from '../audit/index.ts';

/**
 * Work waiting for an admin that another module counts (the moderation queue, scheduled notifications):
 * app.ts passes each in, so this module needs none of theirs.
 */
export interface AttentionCounter {
  id: string;
  label: string;
  path: string;
  count: () => Promise<number>;
}

const errors = { 401: apiErrorSchema, 403: apiErrorSchema, 429: apiErrorSchema };

export const overviewRoutes: FastifyPluginAsyncZod<{ db: Database; attention?: AttentionCounter[] }> = async (
  app,
  { db, attention = [] },
) => {
  const pendingPartnerRequests: AttentionCounter = {
    id: 'partner-requests',
    label: 'Partner connection requests waiting',
    path: '/admin/partners',
    async count() {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(partnerConnectionRequests)
        .where(eq(partnerConnectionRequests.status, 'pending'));
      return row?.count ?? 0;
    },
  };
  const counters = [...attention, pendingPartnerRequests];

  app.get(
    '/api/admin/overview',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'The admin portal: work waiting, member counts and the latest audit entries',
        response: { 200: adminOverviewSchema, ...errors },
      },
    },
    async () => {
      const [counts, [members], latest] = await Promise.all([
        Promise.all(counters.map((counter) => counter.count())),
        db
          .select({
            total: sql<number>`count(*)::int`,
            suspended: sql<number>`count(*) filter (where ${isNotNull(users.suspendedAt)})::int`,
          })
          .from(users),
        listAudit(db, { limit: 8 }),
      ]);
      return {
        attention: counters.map(({ id, label, path }, index) => ({
          id,
          label,
          path,
          count: counts[index] ?? 0,
        })),
        members: members?.total ?? 0,
        suspended: members?.suspended ?? 0,
        latestAudit: latest.items,
      };
    },
  );
};
