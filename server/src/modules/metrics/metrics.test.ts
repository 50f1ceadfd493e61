import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { economicImpactSchema, industryBreakdownSchema, type OutcomeType } from '@uplift/contracts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { createUser, signedInAs } from '../../../test/accounts.ts';
import { memberOutcomes, profiles } from '../../db/schema.ts';
import { lastTwelveMonths, trendOf } from './aggregation.ts';

interface Planned {
  industry: string | null;
  outcomes: Array<{ type: OutcomeType; occurredOn: string; annualAmount: number | null }>;
}

describe('economic impact and industry breakdown', () => {
  let t: TestApp;
  // The test's own clock, early in a month: an outcome dated later in the current month would be in the
  // future, so every outcome falls on the first of its month.
  const now = new Date('2026-06-05T12:00:00Z');
  const months = lastTwelveMonths(now);
  const day = (month: string) => `${month}-01`;
  // Technology: 6 members (stands alone). Healthcare: 5 (stands alone). Retail 3 + finance 1 + none 1:
  // folded into Other (5). Every member reports in the latest month; only technology in the one before.
  const plan: Planned[] = [
    ...Array.from({ length: 6 }, (_, i) => ({
      industry: 'technology',
      outcomes: [
        { type: 'raise' as const, occurredOn: day(months[11]!), annualAmount: 1000 + i * 100 },
        { type: 'certification' as const, occurredOn: day(months[10]!), annualAmount: null },
      ],
    })),
    ...Array.from({ length: 5 }, (_, i) => ({
      industry: 'healthcare',
      outcomes: [{ type: 'new-job' as const, occurredOn: day(months[11]!), annualAmount: 3000 + i }],
    })),
    ...['retail', 'retail', 'retail', 'finance', null].map((industry) => ({
      industry,
      outcomes: [{ type: 'promotion' as const, occurredOn: day(months[11]!), annualAmount: 500 }],
    })),
  ];

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'], now });
    t = await createTestApp();
    for (const member of plan) {
      const user = await createUser(t.db, 'member-tier-1');
      if (member.industry) await t.db.insert(profiles).values({ userId: user.id, industry: member.industry });
      for (const outcome of member.outcomes)
        await t.db.insert(memberOutcomes).values({ userId: user.id, ...outcome });
    }
    // An admin's outcome is not a member's: never counted.
    const admin = await createUser(t.db, 'admin');
    await t.db
      .insert(memberOutcomes)
      .values({ userId: admin.id, type: 'raise', occurredOn: day(months[11]!), annualAmount: 99_999 });
  });
  afterAll(async () => {
    await t.close();
    vi.useRealTimers();
  });

  const impact = async () =>
    economicImpactSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/metrics/economic-impact' })).json(),
    );
  const breakdown = async () =>
    industryBreakdownSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/industry-breakdown' })).json(),
    );

  it('equals the sums of the stored rows, computed here independently', async () => {
    const all = plan.flatMap((member) => member.outcomes);
    const expectedUplift = all.reduce((sum, outcome) => sum + (outcome.annualAmount ?? 0), 0);
    const result = await impact();
    expect(result.members).toBe(plan.length);
    expect(result.outcomesReported).toBe(all.length);
    expect(result.totalAnnualWageUplift).toBe(expectedUplift);
    expect(result.currency).toBe('USD');
    const countOf = (type: OutcomeType) => all.filter((outcome) => outcome.type === type).length;
    expect(result.outcomesByType).toEqual([
      { type: 'new-job', count: countOf('new-job') },
      { type: 'promotion', count: countOf('promotion') },
      { type: 'raise', count: countOf('raise') },
      { type: 'certification', count: countOf('certification') },
      { type: 'business-started', count: 0 },
    ]);
    const latest = result.trend.at(-1)!;
    expect(latest).toEqual({
      month: months[11],
      shown: true,
      outcomes: plan.length,
      wageUplift: plan.reduce((sum, member) => sum + (member.outcomes[0]!.annualAmount ?? 0), 0),
    });
    expect(result.trend).toHaveLength(12);
  });

  it('never reveals a group of fewer than 5 members', async () => {
    const result = await breakdown();
    expect(result.industries.map((row) => [row.industry, row.members])).toEqual([
      ['technology', 6],
      ['healthcare', 5],
      ['other', 5],
    ]);
    const other = result.industries.find((row) => row.industry === 'other')!;
    expect(other.totalAnnualWageUplift).toBe(5 * 500);
    expect(JSON.stringify(result)).not.toMatch(/retail|finance/);

    // The month before: 6 technology members certified, no amounts: counted, but no uplift to show.
    const previous = (await impact()).trend.at(-2)!;
    expect(previous).toEqual({ month: months[10], shown: true, outcomes: 6, wageUplift: null });
    // A month only four members reported in is withheld.
    expect(
      trendOf([{ month: months[5]!, outcomes: 9, members: 4, uplift: 800, upliftMembers: 4 }], now)[5],
    ).toEqual({ month: months[5], shown: false, outcomes: null, wageUplift: null });
  });

  it('shows a new outcome at once on this instance (the cache is dropped on writes)', async () => {
    const before = await impact();
    const { cookie } = await signedInAs(t.app, t.db, 'member-tier-1');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/profile/outcomes',
      headers: { cookie },
      payload: { type: 'business-started', occurredOn: day(months[11]!), annualAmount: 12_000 },
    });
    expect(response.statusCode).toBe(201);
    const after = await impact();
    expect(after.members).toBe(before.members + 1);
    expect(after.outcomesReported).toBe(before.outcomesReported! + 1);
    expect(after.totalAnnualWageUplift).toBe(before.totalAnnualWageUplift! + 12_000);
    // One member started a business: too few to count by type.
    expect(after.outcomesByType.find((row) => row.type === 'business-started')!.count).toBeNull();
  });
});
