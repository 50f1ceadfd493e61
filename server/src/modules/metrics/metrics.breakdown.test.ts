import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  economicImpactSchema,
  industryBreakdownSchema,
  outcomeTypes,
  type OutcomeType,
} from '@uplift/contracts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { createUser } from '../../../test/accounts.ts';
import {
  memberOutcomes,
  partnerConnectionRequests,
  partners,
  profiles,
  skillAttempts,
  skillResults,
  videoProgress,
  videos,
} from '../../db/schema.ts';

/** What one member stores: every figure of the breakdown comes from rows like these. */
interface Planned {
  industry: string | null;
  outcome: { type: OutcomeType; annualAmount: number };
  /** How many partners the member asked to connect with. */
  partnerRequests: number;
  watchedSeconds: number;
  /** Two completed sittings of one skill, first and latest score: one gain each. */
  scores: [number, number];
  secondsPerSitting: number;
}

describe('industry breakdown: the same figures per industry as the community', () => {
  let t: TestApp;
  // Technology: 7 members, stands alone. Healthcare 5, retail 2 and one member with no industry: the three
  // small ones make an "Other" of 3, below 5, so the smallest standing industry (healthcare) joins it.
  const plan: Planned[] = [
    ...Array.from({ length: 7 }, (_, i) => ({
      industry: 'technology',
      outcome: { type: 'raise' as const, annualAmount: 1_000 + i * 100 },
      partnerRequests: i < 4 ? 2 : 1,
      watchedSeconds: 600 + i * 60,
      scores: [120 + i, 150 + i * 3] as [number, number],
      secondsPerSitting: 900,
    })),
    ...['healthcare', 'healthcare', 'healthcare', 'healthcare', 'healthcare', 'retail', 'retail', null].map(
      (industry, i) => ({
        industry,
        outcome: { type: 'new-job' as const, annualAmount: 2_000 + i },
        partnerRequests: 1,
        watchedSeconds: 300,
        scores: [140, 130 + i * 5] as [number, number],
        secondsPerSitting: 450,
      }),
    ),
  ];
  const rowOf = (member: Planned) => (member.industry === 'technology' ? 'technology' : 'other');

  beforeAll(async () => {
    t = await createTestApp();
    const [video] = await t.db
      .insert(videos)
      .values({
        slug: 'breakdown-test',
        title: 'Breakdown test',
        description: 'A video members watched',
        kind: 'featured',
        durationSeconds: 900,
        mediaKey: 'breakdown-test.mp4',
        mediaVersion: 'v1',
        posterKey: 'breakdown-test.jpg',
        posterVersion: 'v1',
      })
      .returning({ id: videos.id });
    const partnerIds = [];
    for (const slug of ['first-partner', 'second-partner']) {
      const [partner] = await t.db
        .insert(partners)
        .values({
          slug,
          name: slug,
          category: 'employer',
          description: 'Hires members.',
          address: '1 High Street',
          city: 'Leeds',
          lat: 53.8,
          lng: -1.55,
          logoSvg: '<svg/>',
        })
        .returning({ id: partners.id });
      partnerIds.push(partner!.id);
    }
    for (const member of plan) {
      const user = await createUser(t.db, 'member-tier-1');
      if (member.industry) await t.db.insert(profiles).values({ userId: user.id, industry: member.industry });
      await t.db
        .insert(memberOutcomes)
        .values({ userId: user.id, occurredOn: '2026-01-10', ...member.outcome });
      for (const partnerId of partnerIds.slice(0, member.partnerRequests)) {
        await t.db.insert(partnerConnectionRequests).values({
          userId: user.id,
          partnerId,
          message: 'Hello',
          preferredContact: 'email',
          consentToShareProfile: true,
        });
      }
      await t.db
        .insert(videoProgress)
        .values({ userId: user.id, videoId: video!.id, watchedSeconds: member.watchedSeconds });
      for (const [index, score] of member.scores.entries()) {
        const completedAt = new Date(Date.now() - (30 - index * 20) * 86_400_000);
        const [attempt] = await t.db
          .insert(skillAttempts)
          .values({
            userId: user.id,
            skills: ['communication'],
            status: 'completed',
            completedAt,
            timeSpentSeconds: member.secondsPerSitting,
          })
          .returning({ id: skillAttempts.id });
        await t.db.insert(skillResults).values({
          attemptId: attempt!.id,
          userId: user.id,
          skill: 'communication',
          theta: 0,
          standardError: 0.3,
          score,
          itemsAnswered: 10,
          correctCount: 6,
          completedAt,
        });
      }
    }
  });
  afterAll(() => t.close());

  const get = async (url: string) => (await t.app.inject({ method: 'GET', url })).json();

  /** The figures of a group of planned members, summed here independently of the SQL. */
  function expectedFor(members: readonly Planned[]) {
    const sum = (pick: (member: Planned) => number) => members.reduce((total, m) => total + pick(m), 0);
    const seconds = sum((m) => m.watchedSeconds + 2 * m.secondsPerSitting);
    return {
      members: members.length,
      outcomesReported: members.length,
      totalAnnualWageUplift: sum((m) => m.outcome.annualAmount),
      trainingHours: Math.round((seconds / 3600) * 10) / 10,
      partnerConnections: sum((m) => m.partnerRequests),
      assessmentsCompleted: 2 * members.length,
      averageSkillGain: Math.round((sum((m) => m.scores[1] - m.scores[0]) / members.length) * 10) / 10,
      outcomesByType: outcomeTypes.map(({ id }) => ({
        type: id,
        count: members.filter((m) => m.outcome.type === id).length,
      })),
    };
  }

  it('gives each industry its members, assessments, skill gain, outcomes, uplift, training and connections', async () => {
    const breakdown = industryBreakdownSchema.parse(await get('/api/industry-breakdown'));
    expect(breakdown.industries.map((row) => row.industry)).toEqual(['technology', 'other']);
    for (const row of breakdown.industries) {
      const { members, ...figures } = expectedFor(plan.filter((member) => rowOf(member) === row.industry));
      expect(row, row.industry).toMatchObject({ members, ...figures });
    }
  });

  it('counts partner connections: one per connection request, in the community and per industry', async () => {
    const impact = economicImpactSchema.parse(await get('/api/metrics/economic-impact'));
    const requests = plan.reduce((total, member) => total + member.partnerRequests, 0);
    expect(requests).toBe(7 + 4 + 8);
    expect(impact.partnerConnections).toBe(requests);
    const breakdown = industryBreakdownSchema.parse(await get('/api/industry-breakdown'));
    expect(breakdown.industries.map((row) => row.partnerConnections)).toEqual([11, 8]);
  });

  it('folds the smallest industry into an "Other" below 5, so the rows leave no small group over', async () => {
    const impact = economicImpactSchema.parse(await get('/api/metrics/economic-impact'));
    const breakdown = industryBreakdownSchema.parse(await get('/api/industry-breakdown'));
    const rows = breakdown.industries;
    // Every member is in a row: the community's figures minus the rows' leave nothing to work out.
    expect(rows.reduce((sum, row) => sum + row.members, 0)).toBe(impact.members);
    expect(rows.reduce((sum, row) => sum + row.partnerConnections!, 0)).toBe(impact.partnerConnections);
    expect(rows.reduce((sum, row) => sum + row.totalAnnualWageUplift!, 0)).toBe(impact.totalAnnualWageUplift);
    expect(rows.reduce((sum, row) => sum + row.assessmentsCompleted!, 0)).toBe(impact.assessmentsCompleted);
    expect(rows.every((row) => row.members >= breakdown.minimumGroupSize)).toBe(true);
    expect(JSON.stringify(breakdown)).not.toMatch(/healthcare|retail/);
    // The community's skill gain is the same average over every member–skill pair.
    expect(impact.averageSkillGain).toBe(expectedFor(plan).averageSkillGain);
  });
});
