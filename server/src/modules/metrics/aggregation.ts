import {
  industries,
  industryLabel,
  minimumGroupSize,
  type ImpactTrendPoint,
  type IndustryImpact,
} from '@uplift/contracts';

/**
 * The small-group rule, without I/O: every figure travels with how many members it comes from, and
 * is withheld when that is below `minimumGroupSize`, so no aggregate ever describes one person.
 */

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
}

export interface MonthFacts {
  month: string;
  outcomes: number;
  members: number;
  uplift: number;
  upliftMembers: number;
}

export interface SkillFacts {
  assessments: number;
  assessmentMembers: number;
  /** Mean of (latest − first score) over every member and skill assessed more than once. */
  averageGain: number;
  gainMembers: number;
}

export function withhold(value: number, contributors: number): number | null {
  return contributors >= minimumGroupSize ? value : null;
}

export function hours(seconds: number): number {
  return Math.round((seconds / 3600) * 10) / 10;
}

const known = new Set<string>(industries.map((industry) => industry.id));

export function addFacts(rows: readonly IndustryFacts[], industry: string | null): IndustryFacts {
  const sum = (pick: (row: IndustryFacts) => number) => rows.reduce((total, row) => total + pick(row), 0);
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
  };
}

export function toIndustryImpact(facts: IndustryFacts) {
  const id = facts.industry ?? 'other';
  return {
    industry: id,
    label: id === 'other' ? 'Other' : industryLabel(id),
    members: facts.members,
    outcomesReported: withhold(facts.outcomes, facts.outcomeMembers),
    totalAnnualWageUplift: withhold(facts.uplift, facts.upliftMembers),
    trainingHours: withhold(hours(facts.trainingSeconds), facts.trainingMembers),
    partnerConnections: withhold(facts.partnerRequests, facts.partnerMembers),
  } satisfies IndustryImpact;
}

/**
 * Industries with at least `minimumGroupSize` members stand alone, largest first; the smaller ones,
 * and members who named none, are folded into "Other", which is left out when it too is that small.
 */
export function foldIndustries(rows: readonly IndustryFacts[]): IndustryFacts[] {
  const large = rows.filter(
    (row) => row.industry !== null && known.has(row.industry) && row.members >= minimumGroupSize,
  );
  const other = addFacts(
    rows.filter((row) => !large.includes(row)),
    null,
  );
  const kept = [...large].sort((a, b) => b.members - a.members);
  return other.members >= minimumGroupSize ? [...kept, other] : kept;
}

/** The 12 calendar months up to and including `now`'s, oldest first, as YYYY-MM in UTC. */
export function lastTwelveMonths(now: Date): string[] {
  return Array.from({ length: 12 }, (_, index) => {
    const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11 + index, 1));
    return date.toISOString().slice(0, 7);
  });
}

export function trendOf(rows: readonly MonthFacts[], now: Date): ImpactTrendPoint[] {
  const byMonth = new Map(rows.map((row) => [row.month, row]));
  return lastTwelveMonths(now).map((month) => {
    const row = byMonth.get(month);
    // A month nobody reported in reveals no one: it is a plain zero.
    if (!row) return { month, shown: true, outcomes: 0, wageUplift: 0 };
    const shown = row.members >= minimumGroupSize;
    return {
      month,
      shown,
      outcomes: shown ? row.outcomes : null,
      wageUplift: shown ? withhold(row.uplift, row.upliftMembers) : null,
    };
  });
}
