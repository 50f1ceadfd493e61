import { describe, expect, it } from 'vitest';
import { industries, minimumGroupSize, outcomeTypes, type OutcomeType } from '@uplift/contracts';
import {
  foldIndustries,
  impactFigures,
  lastTwelveMonths,
  noOutcomesByType,
  trendOf,
  type GroupFigures,
  type IndustryFacts,
} from './aggregation.ts';

/** One industry's sums; every figure 0 unless given. */
function facts(
  industry: string | null,
  members: number,
  figures: Partial<Omit<IndustryFacts, 'industry' | 'members' | 'byType'>> = {},
  byType: Partial<Record<OutcomeType, { outcomes: number; members: number }>> = {},
): IndustryFacts {
  return {
    industry,
    members,
    outcomes: 0,
    outcomeMembers: 0,
    uplift: 0,
    upliftMembers: 0,
    trainingSeconds: 0,
    trainingMembers: 0,
    partnerRequests: 0,
    partnerMembers: 0,
    assessments: 0,
    assessmentMembers: 0,
    gainTotal: 0,
    gainPairs: 0,
    gainMembers: 0,
    ...figures,
    byType: { ...noOutcomesByType(), ...byType },
  };
}

const membersOf = (rows: readonly IndustryFacts[]) => rows.map((row) => [row.industry, row.members]);

describe('folding small industries into Other', () => {
  it('keeps an Other of 5 or more as it is', () => {
    const rows = [facts('retail', 3), facts('technology', 6), facts('finance', 1), facts(null, 1)];
    expect(membersOf(foldIndustries(rows))).toEqual([
      ['technology', 6],
      [null, 5],
    ]);
  });

  it('when Other is below 5, folds the smallest standing industry into it until it reaches 5', () => {
    const rows = [
      facts('technology', 7),
      facts('healthcare', 5),
      facts('finance', 6),
      facts('retail', 2),
      facts(null, 1),
    ];
    // Left out, the 3 in Other would be the community's total minus the rows shown.
    expect(membersOf(foldIndustries(rows))).toEqual([
      ['technology', 7],
      ['finance', 6],
      [null, 8],
    ]);
    expect(membersOf(foldIndustries([facts('technology', 6), facts('retail', 1)]))).toEqual([[null, 7]]);
  });

  it('shows no Other when everyone is in a standing industry, and no row for a community below 5', () => {
    expect(membersOf(foldIndustries([facts('technology', 5)]))).toEqual([['technology', 5]]);
    expect(foldIndustries([facts('retail', 3), facts(null, 1)])).toEqual([]);
  });
});

/** The figures of `GroupFigures` that are sums over members, with their contributor counts. */
const sums = {
  outcomesReported: (f: IndustryFacts) => f.outcomeMembers,
  totalAnnualWageUplift: (f: IndustryFacts) => f.upliftMembers,
  trainingHours: (f: IndustryFacts) => f.trainingMembers,
  partnerConnections: (f: IndustryFacts) => f.partnerMembers,
  assessmentsCompleted: (f: IndustryFacts) => f.assessmentMembers,
  averageSkillGain: (f: IndustryFacts) => f.gainMembers,
} as const;

/**
 * What an onlooker can work out from the published figures: a total minus its shown parts. Returns a
 * description of each way that gives away a group of 1 to 4 members (empty when none does).
 */
function smallGroupsRevealed(rows: readonly IndustryFacts[]): string[] {
  const { community, industries: shown } = impactFigures(rows);
  const found: string[] = [];
  const small = (count: number) => count > 0 && count < minimumGroupSize;
  /** `total` = Σ `parts`; contributors of parts add up when `disjoint`, else only the largest is sure. */
  function check(
    name: string,
    total: { shown: boolean },
    parts: Array<{ shown: boolean; contributors: number }>,
    disjoint: boolean,
  ) {
    const hidden = parts.filter((part) => !part.shown && part.contributors > 0);
    // With no part shown, the total minus the parts is the total itself, shown for its own contributors.
    const anyShown = parts.some((part) => part.shown && part.contributors > 0);
    if (total.shown && hidden.length > 0 && anyShown) {
      const counts = hidden.map((part) => part.contributors);
      const group = disjoint ? counts.reduce((a, b) => a + b, 0) : Math.max(...counts);
      if (small(group)) found.push(`${name}: total minus shown parts gives ${group} members`);
    }
    if (!total.shown && hidden.length === 0 && parts.some((part) => part.contributors > 0)) {
      found.push(`${name}: withheld total is the sum of shown parts`);
    }
  }
  const groups: GroupFigures[] = [community, ...shown];
  for (const group of groups) {
    for (const [name, contributors] of Object.entries(sums)) {
      const value = group[name as keyof typeof sums];
      if (value !== null && small(contributors(group.facts))) found.push(`${name} shown for a small group`);
    }
    outcomeTypes.forEach(({ id }, index) => {
      if (group.outcomesByType[index]!.count !== null && small(group.facts.byType[id].members))
        found.push(`${id} shown for a small group`);
    });
    check(
      `${group.facts.industry ?? 'group'} types`,
      { shown: group.outcomesReported !== null },
      outcomeTypes.map(({ id }, index) => ({
        shown: group.outcomesByType[index]!.count !== null,
        contributors: group.facts.byType[id].members,
      })),
      false,
    );
  }
  if (shown.length > 0 && shown.reduce((sum, row) => sum + row.facts.members, 0) !== community.facts.members)
    found.push('members: the rows do not add up to the community');
  for (const [name, contributors] of Object.entries(sums)) {
    const key = name as keyof typeof sums;
    check(
      name,
      { shown: community[key] !== null },
      shown.map((row) => ({ shown: row[key] !== null, contributors: contributors(row.facts) })),
      true,
    );
  }
  outcomeTypes.forEach(({ id }, index) =>
    check(
      `${id} by industry`,
      { shown: community.outcomesByType[index]!.count !== null },
      shown.map((row) => ({
        shown: row.outcomesByType[index]!.count !== null,
        contributors: row.facts.byType[id].members,
      })),
      true,
    ),
  );
  return found;
}

describe('no published figure gives away a group below 5', () => {
  it('withholds a further industry when a withheld one could be worked out from the total', () => {
    const rows = [
      facts('technology', 6, { outcomes: 6, outcomeMembers: 6 }),
      facts('healthcare', 6, { outcomes: 3, outcomeMembers: 3 }),
      facts('finance', 7, { outcomes: 9, outcomeMembers: 7 }),
    ];
    const { community, industries: shown } = impactFigures(rows);
    expect(community.outcomesReported).toBe(18);
    // Healthcare's 3 would be 18 − 6 − 9: technology, the smallest shown, is withheld with it.
    expect(shown.map((row) => [row.facts.industry, row.outcomesReported])).toEqual([
      ['finance', 9],
      ['technology', null],
      ['healthcare', null],
    ]);
    expect(smallGroupsRevealed(rows)).toEqual([]);
  });

  it('withholds a further outcome type when a rare one could be worked out from the outcomes', () => {
    const rows = [
      facts(
        'technology',
        12,
        { outcomes: 15, outcomeMembers: 12 },
        {
          raise: { outcomes: 6, members: 6 },
          certification: { outcomes: 7, members: 7 },
          'business-started': { outcomes: 2, members: 2 },
        },
      ),
    ];
    const { community } = impactFigures(rows);
    expect(community.outcomesByType).toEqual([
      { type: 'new-job', count: 0 },
      { type: 'promotion', count: 0 },
      { type: 'raise', count: null },
      { type: 'certification', count: 7 },
      { type: 'business-started', count: null },
    ]);
    expect(smallGroupsRevealed(rows)).toEqual([]);
  });

  it('holds for many communities of every shape (seeded, repeatable)', () => {
    // mulberry32: a small deterministic generator, so a failure names a community that can be rebuilt.
    let seed = 12;
    const random = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
      return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
    };
    const upTo = (n: number) => Math.floor(random() * (n + 1));
    const ids = [...industries.slice(0, 5).map((industry) => industry.id), null];
    for (let community = 0; community < 300; community += 1) {
      const rows = ids.flatMap((industry) => {
        const members = upTo(9);
        if (members === 0) return [];
        const some = () => upTo(members);
        const byType = Object.fromEntries(
          outcomeTypes.map(({ id }) => {
            const reporters = upTo(Math.min(members, 7));
            return [id, { outcomes: reporters + upTo(reporters), members: reporters }];
          }),
        ) as Record<OutcomeType, { outcomes: number; members: number }>;
        const outcomes = Object.values(byType).reduce((sum, type) => sum + type.outcomes, 0);
        const outcomeMembers = Math.min(
          members,
          Math.max(0, ...Object.values(byType).map((type) => type.members)) + upTo(2),
        );
        return [
          facts(
            industry,
            members,
            {
              outcomes,
              outcomeMembers: outcomes === 0 ? 0 : Math.max(outcomeMembers, 1),
              uplift: upTo(50_000),
              upliftMembers: some(),
              trainingSeconds: upTo(90_000),
              trainingMembers: some(),
              partnerRequests: upTo(20),
              partnerMembers: some(),
              assessments: upTo(30),
              assessmentMembers: some(),
              gainTotal: upTo(200),
              gainPairs: 1 + upTo(10),
              gainMembers: some(),
            },
            byType,
          ),
        ];
      });
      expect(smallGroupsRevealed(rows), JSON.stringify(rows)).toEqual([]);
    }
  });
});

describe('the 12-month trend against the all-time totals', () => {
  const now = new Date('2026-06-15T12:00:00Z');
  const months = lastTwelveMonths(now);
  const month = (index: number, members: number) => ({
    month: months[index]!,
    outcomes: members * 2,
    members,
    uplift: members * 1_000,
    upliftMembers: members,
  });
  const shownMonths = (points: ReturnType<typeof trendOf>) =>
    points.filter((point) => point.outcomes !== 0).map((point) => [point.month, point.outcomes]);

  it('withholds a further month when a withheld one could be worked out from the totals', () => {
    const points = trendOf([month(11, 6), month(10, 3), month(8, 9)], now);
    // May's 3 members would be the total minus the other months: June (6, the smallest shown) goes too.
    expect(shownMonths(points)).toEqual([
      [months[8], 18],
      [months[10], null],
      [months[11], null],
    ]);
    expect(points[11]).toEqual({ month: months[11], shown: false, outcomes: null, wageUplift: null });
  });

  it('treats outcomes outside the 12 months as withheld: 1 to 4 such members withhold a month', () => {
    const rows = [month(11, 7), month(9, 8)];
    expect(shownMonths(trendOf(rows, now, { outside: { members: 2, upliftMembers: 0 } }))).toEqual([
      [months[9], 16],
      [months[11], null],
    ]);
    // Five or more outside the window: the remainder describes them all together.
    expect(shownMonths(trendOf(rows, now, { outside: { members: 5, upliftMembers: 5 } }))).toEqual([
      [months[9], 16],
      [months[11], 14],
    ]);
  });

  it('withholds the uplift of a month whose outcomes are withheld, and covers it in turn', () => {
    // Enough members for outcomes in both months, but uplift from only 2 in June: withheld, and May's too.
    const rows = [
      { ...month(11, 6), upliftMembers: 2 },
      { ...month(10, 9), upliftMembers: 9 },
    ];
    const points = trendOf(rows, now);
    expect(points.slice(10).map((point) => [point.outcomes, point.wageUplift])).toEqual([
      [18, null],
      [12, null],
    ]);
  });
});
