import {
  industries,
  industryLabel,
  minimumGroupSize,
  outcomeTypes,
  type ImpactTrendPoint,
  type IndustryImpact,
  type OutcomeType,
} from '@uplift/contracts';
import { cellOf, withholdComplements, type Cell, type Relation } from './disclosure.ts';

/**
 * The small-group rule, without I/O: every figure travels with how many members it comes from, and
 * is withheld when that is below `minimumGroupSize`, or when published totals would give it back
 * (disclosure.ts), so no aggregate ever describes fewer than that many people.
 */

export interface OutcomeCount {
  outcomes: number;
  members: number;
}

/** Sums for one industry (null: members who chose none). Contributor counts add up across industries. */
export interface IndustryFacts {
  industry: string | null;
  members: number;
  outcomes: number;
  outcomeMembers: number;
  uplift: number;
  upliftMembers: number;
  /** Video watch time plus time spent answering assessment questions. */
  trainingSeconds: number;
  trainingMembers: number;
  partnerRequests: number;
  partnerMembers: number;
  /** Completed assessments. */
  assessments: number;
  assessmentMembers: number;
  /** Latest − first score summed over every member–skill pair assessed more than once, and those pairs. */
  gainTotal: number;
  gainPairs: number;
  gainMembers: number;
  byType: Record<OutcomeType, OutcomeCount>;
}

export interface MonthFacts {
  month: string;
  outcomes: number;
  members: number;
  uplift: number;
  upliftMembers: number;
}

function hours(seconds: number): number {
  return Math.round((seconds / 3600) * 10) / 10;
}

export function noOutcomesByType(): Record<OutcomeType, OutcomeCount> {
  return Object.fromEntries(outcomeTypes.map(({ id }) => [id, { outcomes: 0, members: 0 }])) as Record<
    OutcomeType,
    OutcomeCount
  >;
}

const known = new Set<string>(industries.map((industry) => industry.id));

export function addFacts(rows: readonly IndustryFacts[], industry: string | null): IndustryFacts {
  const sum = (pick: (row: IndustryFacts) => number) => rows.reduce((total, row) => total + pick(row), 0);
  const byType = noOutcomesByType();
  for (const { id } of outcomeTypes) {
    byType[id] = {
      outcomes: sum((row) => row.byType[id].outcomes),
      members: sum((row) => row.byType[id].members),
    };
  }
  return {
    industry,
    members: sum((row) => row.members),
    outcomes: sum((row) => row.outcomes),
    outcomeMembers: sum((row) => row.outcomeMembers),
    uplift: sum((row) => row.uplift),
    upliftMembers: sum((row) => row.upliftMembers),
    trainingSeconds: sum((row) => row.trainingSeconds),
    trainingMembers: sum((row) => row.trainingMembers),
    partnerRequests: sum((row) => row.partnerRequests),
    partnerMembers: sum((row) => row.partnerMembers),
    assessments: sum((row) => row.assessments),
    assessmentMembers: sum((row) => row.assessmentMembers),
    gainTotal: sum((row) => row.gainTotal),
    gainPairs: sum((row) => row.gainPairs),
    gainMembers: sum((row) => row.gainMembers),
    byType,
  };
}

/**
 * Industries with at least `minimumGroupSize` members stand alone, largest first; the smaller ones, and
 * members who named none, are folded into "Other". Every member is in exactly one row, so the rows add
 * up to the community's totals and leave no remainder to work out: while Other has members but fewer
 * than `minimumGroupSize`, the smallest standing industry joins it. A community too small for any such
 * row gets none.
 */
export function foldIndustries(rows: readonly IndustryFacts[]): IndustryFacts[] {
  const standing = rows
    .filter((row) => row.industry !== null && known.has(row.industry) && row.members >= minimumGroupSize)
    .sort((a, b) => b.members - a.members);
  const folded = rows.filter((row) => !standing.includes(row));
  const membersOf = (group: readonly IndustryFacts[]) => group.reduce((sum, row) => sum + row.members, 0);
  while (membersOf(folded) > 0 && membersOf(folded) < minimumGroupSize) {
    const smallest = standing.pop();
    if (!smallest) break;
    folded.push(smallest);
  }
  const other = addFacts(folded, null);
  if (other.members === 0) return standing;
  return other.members >= minimumGroupSize ? [...standing, other] : [];
}

/** The withheld-or-shown figures of one group: the community, or one row of the breakdown. */
export interface GroupFigures {
  facts: IndustryFacts;
  outcomesReported: number | null;
  totalAnnualWageUplift: number | null;
  trainingHours: number | null;
  partnerConnections: number | null;
  assessmentsCompleted: number | null;
  averageSkillGain: number | null;
  outcomesByType: Array<{ type: OutcomeType; count: number | null }>;
}

type FigureName = Exclude<keyof GroupFigures, 'facts' | 'outcomesByType'>;

const figures: Record<
  FigureName,
  { value(facts: IndustryFacts): number; contributors(facts: IndustryFacts): number }
> = {
  outcomesReported: { value: (f) => f.outcomes, contributors: (f) => f.outcomeMembers },
  totalAnnualWageUplift: { value: (f) => f.uplift, contributors: (f) => f.upliftMembers },
  trainingHours: { value: (f) => hours(f.trainingSeconds), contributors: (f) => f.trainingMembers },
  partnerConnections: { value: (f) => f.partnerRequests, contributors: (f) => f.partnerMembers },
  assessmentsCompleted: { value: (f) => f.assessments, contributors: (f) => f.assessmentMembers },
  // Points on the 0–300 skills scale, to one decimal.
  averageSkillGain: {
    value: (f) => (f.gainPairs === 0 ? 0 : Math.round((f.gainTotal / f.gainPairs) * 10) / 10),
    contributors: (f) => f.gainMembers,
  },
};
const figureNames = Object.keys(figures) as FigureName[];

/**
 * The community's figures and the breakdown's rows, withheld together: the breakdown's rows add up to
 * the community's figures and each group's outcome types to its outcomes, so a figure withheld in one
 * place must not be recoverable from the others. An average (skill gain) cannot be worked out exactly
 * without the unpublished pair counts, but is treated as a sum all the same.
 */
export function impactFigures(rows: readonly IndustryFacts[]): {
  community: GroupFigures;
  industries: GroupFigures[];
} {
  const cellsOf = (facts: IndustryFacts) => ({
    facts,
    cells: Object.fromEntries(
      figureNames.map((name) => [name, cellOf(figures[name].contributors(facts))]),
    ) as Record<FigureName, Cell>,
    // A type nobody reported is a plain 0.
    types: Object.fromEntries(
      outcomeTypes.map(({ id }) => [id, cellOf(facts.byType[id].members, { zeroShown: true })]),
    ) as Record<OutcomeType, Cell>,
  });
  const community = cellsOf(addFacts(rows, null));
  const industryGroups = foldIndustries(rows).map(cellsOf);
  const relations: Relation[] = [
    ...figureNames.map((name) => ({
      total: community.cells[name],
      parts: industryGroups.map((group) => group.cells[name]),
      disjoint: true,
    })),
    ...outcomeTypes.map(({ id }) => ({
      total: community.types[id],
      parts: industryGroups.map((group) => group.types[id]),
      disjoint: true,
    })),
    ...[community, ...industryGroups].map((group) => ({
      total: group.cells.outcomesReported,
      parts: Object.values(group.types),
      disjoint: false,
    })),
  ];
  withholdComplements(relations);
  const shown = ({ facts, cells, types }: ReturnType<typeof cellsOf>): GroupFigures => ({
    facts,
    ...(Object.fromEntries(
      figureNames.map((name) => [name, cells[name].shown ? figures[name].value(facts) : null]),
    ) as Record<FigureName, number | null>),
    outcomesByType: outcomeTypes.map(({ id }) => ({
      type: id,
      count: types[id].shown ? facts.byType[id].outcomes : null,
    })),
  });
  return { community: shown(community), industries: industryGroups.map(shown) };
}

export function toIndustryImpact({ facts, ...shown }: GroupFigures): IndustryImpact {
  const id = facts.industry ?? 'other';
  return {
    industry: id,
    label: id === 'other' ? 'Other' : industryLabel(id),
    members: facts.members,
    ...shown,
  };
}

/** The 12 calendar months up to and including `now`'s, oldest first, as YYYY-MM in UTC. */
export function lastTwelveMonths(now: Date): string[] {
  return Array.from({ length: 12 }, (_, index) => {
    const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11 + index, 1));
    return date.toISOString().slice(0, 7);
  });
}

/** The first day (YYYY-MM-DD, UTC) after the 12 months `lastTwelveMonths` lists. */
export function trendEnd(now: Date): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString().slice(0, 10);
}

/** Members with outcomes outside the 12 months shown: in the all-time totals, never in the trend. */
export interface OutsideFacts {
  members: number;
  upliftMembers: number;
}

/**
 * The 12-month trend. The all-time totals minus the months shown give away the rest, so the months
 * outside the window are a withheld part of each total, and months are withheld until that remainder
 * describes at least `minimumGroupSize` members (disclosure.ts).
 */
export function trendOf(
  rows: readonly MonthFacts[],
  now: Date,
  {
    outside = { members: 0, upliftMembers: 0 },
    totalsShown = { outcomes: true, uplift: true },
  }: { outside?: OutsideFacts; totalsShown?: { outcomes: boolean; uplift: boolean } } = {},
): ImpactTrendPoint[] {
  const byMonth = new Map(rows.map((row) => [row.month, row]));
  const months = lastTwelveMonths(now).map((month) => {
    const row = byMonth.get(month);
    // A month nobody reported in reveals no one: it is a plain zero.
    return {
      month,
      row,
      outcomes: cellOf(row?.members ?? 0, { zeroShown: true }),
      uplift: cellOf(row?.upliftMembers ?? 0, { zeroShown: !row }),
    };
  });
  const relations: Relation[] = [
    {
      total: { shown: totalsShown.outcomes },
      parts: [...months.map((m) => m.outcomes), { contributors: outside.members, shown: false }],
      disjoint: false,
    },
    {
      total: { shown: totalsShown.uplift },
      parts: [...months.map((m) => m.uplift), { contributors: outside.upliftMembers, shown: false }],
      disjoint: false,
    },
  ];
  // A withheld month shows neither figure; each uplift so withheld may call for another month's.
  for (;;) {
    withholdComplements(relations);
    const unmatched = months.filter((m) => !m.outcomes.shown && m.uplift.shown);
    if (unmatched.length === 0) break;
    for (const m of unmatched) m.uplift.shown = false;
  }
  return months.map(({ month, row, outcomes, uplift }) => ({
    month,
    shown: outcomes.shown,
    outcomes: outcomes.shown ? (row?.outcomes ?? 0) : null,
    wageUplift: uplift.shown ? (row?.uplift ?? 0) : null,
  }));
}
