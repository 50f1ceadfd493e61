import {
  impactCurrency,
  minimumGroupSize,
  outcomeTypes,
  type EconomicImpact,
  type IndustryBreakdown,
} from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import {
  addFacts,
  foldIndustries,
  hours,
  lastTwelveMonths,
  toIndustryImpact,
  trendOf,
  withhold,
} from './aggregation.ts';
import * as repo from './metrics.repo.ts';

/** Which other features' tables feed the figures; a figure without its source is null, never made up. */
const sources = { partners: true, videos: true };

interface Cached<T> {
  value: Promise<T>;
  expiresAt: number;
}

/**
 * The public impact figures, computed from stored rows and kept for `ttlMs` so that a busy Home page
 * costs a few queries a minute. Writes that change them call `invalidate` (same instance: at once;
 * other instances: within the TTL).
 */
export function createMetricsService(db: Database, { ttlMs }: { ttlMs: number }) {
  const cache = new Map<string, Cached<unknown>>();

  function cached<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const hit = cache.get(key) as Cached<T> | undefined;
    if (hit && hit.expiresAt > Date.now()) return hit.value;
    // Concurrent callers share one computation; a failure is not kept.
    const value = compute().catch((error: unknown) => {
      cache.delete(key);
      throw error;
    });
    cache.set(key, { value, expiresAt: Date.now() + ttlMs });
    return value;
  }

  async function economicImpact(): Promise<EconomicImpact> {
    const now = new Date();
    const [facts, byType, byMonth] = await Promise.all([
      repo.industryFacts(db),
      repo.outcomesByType(db),
      repo.outcomesByMonth(db, `${lastTwelveMonths(now)[0]}-01`),
    ]);
    const total = addFacts(facts, null);
    return {
      members: total.members,
      assessmentsCompleted: null,
      averageSkillGain: null,
      outcomesReported: withhold(total.outcomes, total.outcomeMembers),
      outcomesByType: outcomeTypes.map(({ id }) => {
        const row = byType.find((entry) => entry.type === id);
        return { type: id, count: row ? withhold(row.outcomes, row.members) : 0 };
      }),
      totalAnnualWageUplift: withhold(total.uplift, total.upliftMembers),
      currency: impactCurrency,
      trainingHours: sources.videos ? withhold(hours(total.watchedSeconds), total.watchMembers) : null,
      partnerConnections: sources.partners ? withhold(total.partnerRequests, total.partnerMembers) : null,
      trend: trendOf(byMonth, now),
      minimumGroupSize,
      generatedAt: now.toISOString(),
    };
  }

  async function industryBreakdown(): Promise<IndustryBreakdown> {
    const folded = foldIndustries(await repo.industryFacts(db));
    return {
      industries: folded.map((facts) => toIndustryImpact(facts, sources)),
      currency: impactCurrency,
      minimumGroupSize,
      generatedAt: new Date().toISOString(),
    };
  }

  return {
    economicImpact: () => cached('economic-impact', economicImpact),
    industryBreakdown: () => cached('industry-breakdown', industryBreakdown),
    invalidate: () => cache.clear(),
  };
}

export type MetricsService = ReturnType<typeof createMetricsService>;
