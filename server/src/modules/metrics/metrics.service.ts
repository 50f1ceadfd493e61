import {
  impactCurrency,
  minimumGroupSize,
  type EconomicImpact,
  type IndustryBreakdown,
} from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import { impactFigures, lastTwelveMonths, toIndustryImpact, trendEnd, trendOf } from './aggregation.ts';
import { createResultCache } from './cache.ts';
import * as repo from './metrics.repo.ts';

/**
 * The public cache's tag (plugins/public-cache.ts) of the impact figures: the writes that change them
 * (outcomes, a member's deletion, a role change) declare `invalidates: ['impact']`.
 */
export const impactTag = 'impact';

/**
 * The impact figures, computed from stored rows and kept for `ttlMs` so that a busy Home page costs a
 * few queries a minute: anonymous callers are answered from the public cache, signed-in ones from here.
 * When a write that declares the tag succeeds, app.ts calls `invalidate` on every instance (the public
 * cache's `onInvalidate`: at once on the writer's, through NOTIFY on the others). Changes no write declares
 * (a new member) show within the TTL.
 */
export function createMetricsService(db: Database, { ttlMs }: { ttlMs: number }) {
  const cache = createResultCache({ ttlMs });

  async function economicImpact(): Promise<EconomicImpact> {
    const now = new Date();
    const since = `${lastTwelveMonths(now)[0]}-01`;
    const [facts, byMonth, outside] = await Promise.all([
      repo.industryFacts(db),
      repo.outcomesByMonth(db, since),
      repo.outcomesOutside(db, since, trendEnd(now)),
    ]);
    const { facts: total, ...figures } = impactFigures(facts).community;
    const totalsShown = {
      outcomes: figures.outcomesReported !== null,
      uplift: figures.totalAnnualWageUplift !== null,
    };
    return {
      members: total.members,
      ...figures,
      currency: impactCurrency,
      trend: trendOf(byMonth, now, { outside, totalsShown }),
      minimumGroupSize,
      generatedAt: now.toISOString(),
    };
  }

  async function industryBreakdown(): Promise<IndustryBreakdown> {
    return {
      industries: impactFigures(await repo.industryFacts(db)).industries.map(toIndustryImpact),
      currency: impactCurrency,
      minimumGroupSize,
      generatedAt: new Date().toISOString(),
    };
  }

  return {
    economicImpact: () => cache.get('economic-impact', economicImpact),
    industryBreakdown: () => cache.get('industry-breakdown', industryBreakdown),
    invalidate: () => cache.clear(),
  };
}

export type MetricsService = ReturnType<typeof createMetricsService>;
