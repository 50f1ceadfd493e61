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
    const [facts, skills, byType, byMonth] = await Promise.all([
      repo.industryFacts(db),
      repo.skillFacts(db),
      repo.outcomesByType(db),
      repo.outcomesByMonth(db, `${lastTwelveMonths(now)[0]}-01`),
    ]);
    const total = addFacts(facts, null);
    return {
      members: total.members,
      assessmentsCompleted: withhold(skills.assessments, skills.assessmentMembers),
      // Points on the 0–300 skills scale, to one decimal.
      averageSkillGain: withhold(Math.round(skills.averageGain * 10) / 10, skills.gainMembers),
      outcomesReported: withhold(total.outcomes, total.outcomeMembers),
      outcomesByType: outcomeTypes.map(({ id }) => {
        const row = byType.find((entry) => entry.type === id);
        return { type: id, count: row ? withhold(row.outcomes, row.members) : 0 };
      }),
      totalAnnualWageUplift: withhold(total.uplift, total.upliftMembers),
      currency: impactCurrency,
      trainingHours: withhold(hours(total.trainingSeconds), total.trainingMembers),
      partnerConnections: withhold(total.partnerRequests, total.partnerMembers),
      trend: trendOf(byMonth, now),
      minimumGroupSize,
      generatedAt: now.toISOString(),
    };
  }

  async function industryBreakdown(): Promise<IndustryBreakdown> {
    const folded = foldIndustries(await repo.industryFacts(db));
    return {
      industries: folded.map((facts) => toIndustryImpact(facts)),
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
