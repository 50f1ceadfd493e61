import type { DashboardStats } from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import { createResultCache } from '../metrics/index.ts';
import * as repo from './dashboard.repo.ts';

/**
 * How old the dashboard's own figures may be (decision 0038): every sign-in, refresh and question to Vale
 * changes them, so they are kept for a few seconds rather than dropped at each of those writes.
 */
export const dashboardFreshForMs = 5_000;

const dayMs = 24 * 60 * 60_000;

/** The dashboard without the economic impact, which the metrics service keeps (and invalidates) itself. */
export type DashboardFigures = Omit<DashboardStats, 'impact'>;

export function createDashboardService(db: Database, { freshForMs = dashboardFreshForMs } = {}) {
  // Keyed by the period and its last day: at midnight UTC the new period is computed, not yesterday's kept.
  const cache = createResultCache({ ttlMs: freshForMs });

  async function compute(days: number, from: string, to: string): Promise<DashboardFigures> {
    // As of the moment the queries start: the figures are at least this new.
    const generatedAt = new Date().toISOString();
    const [people, activity, assessed, security] = await Promise.all([
      repo.members(db, from),
      repo.activity(db, from, to),
      repo.assessments(db, from),
      repo.security(db, from, to),
    ]);
    return {
      days,
      from,
      to,
      membersByRole: people.byRole,
      newMembers: people.joined,
      activity,
      assessments: { members: people.total, ...assessed },
      security,
      generatedAt,
    };
  }

  return {
    figures(days: number): Promise<DashboardFigures> {
      // The UTC day as a number: a kept answer is found without writing out the period's dates each time.
      const today = Math.floor(Date.now() / dayMs);
      return cache.get(`${days}:${today}`, () => {
        const { from, to } = repo.periodOf(days, new Date(today * dayMs));
        return compute(days, from, to);
      });
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
