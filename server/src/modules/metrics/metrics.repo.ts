import { sql } from 'drizzle-orm';
import type { OutcomeType } from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import {
  noOutcomesByType,
  type IndustryFacts,
  type MonthFacts,
  type OutcomeCount,
  type OutsideFacts,
} from './aggregation.ts';

/**
 * The stored rows the impact figures are computed from. Admins run the service and are not counted as
 * members. Training hours come from video watch progress (`watched_seconds`, real playback) plus the
 * time spent answering assessment questions (`time_spent_seconds`, each answer capped), partner
 * connections from connection requests, assessments and skill gains from the skills tables.
 */

const num = (value: unknown) => Number(value ?? 0);

/** Every member's figures summed per industry, with how many members contributed to each. */
export async function industryFacts(db: Database): Promise<IndustryFacts[]> {
  const [{ rows }, byType] = await Promise.all([
    db.execute<Record<string, unknown>>(sql`
      select p.industry,
        count(*) as members,
        coalesce(sum(o.outcomes), 0) as outcomes,
        count(o.user_id) as outcome_members,
        coalesce(sum(o.uplift), 0) as uplift,
        count(o.uplift) as uplift_members,
        coalesce(sum(t.seconds), 0) as training_seconds,
        count(t.user_id) as training_members,
        coalesce(sum(c.requests), 0) as partner_requests,
        count(c.user_id) as partner_members,
        coalesce(sum(a.assessments), 0) as assessments,
        count(a.user_id) as assessment_members,
        coalesce(sum(g.gain_total), 0) as gain_total,
        coalesce(sum(g.gain_pairs), 0) as gain_pairs,
        count(g.user_id) as gain_members
      from users u
      left join profiles p on p.user_id = u.id
      left join (
        select user_id, count(*) as outcomes, sum(annual_amount) as uplift
        from member_outcomes group by user_id
      ) o on o.user_id = u.id
      left join (
        select user_id, sum(seconds) as seconds
        from (
          select user_id, watched_seconds as seconds from video_progress
          union all
          select user_id, time_spent_seconds from skill_attempts
        ) spent
        group by user_id having sum(seconds) > 0
      ) t on t.user_id = u.id
      left join (
        select user_id, count(*) as requests from partner_connection_requests group by user_id
      ) c on c.user_id = u.id
      left join (
        select user_id, count(*) as assessments from skill_attempts
        where status = 'completed' group by user_id
      ) a on a.user_id = u.id
      left join (
        select user_id, sum(gain) as gain_total, count(*) as gain_pairs
        from (
          select user_id,
            (array_agg(score order by completed_at desc, attempt_id desc))[1]
              - (array_agg(score order by completed_at, attempt_id))[1] as gain
          from skill_results
          group by user_id, skill
          having count(*) > 1
        ) pairs
        group by user_id
      ) g on g.user_id = u.id
      where u.role <> 'admin'
      group by p.industry
    `),
    outcomesByIndustryAndType(db),
  ]);
  return rows.map((row) => {
    const industry = (row.industry as string | null) ?? null;
    return {
      industry,
      members: num(row.members),
      outcomes: num(row.outcomes),
      outcomeMembers: num(row.outcome_members),
      uplift: num(row.uplift),
      upliftMembers: num(row.uplift_members),
      trainingSeconds: num(row.training_seconds),
      trainingMembers: num(row.training_members),
      partnerRequests: num(row.partner_requests),
      partnerMembers: num(row.partner_members),
      assessments: num(row.assessments),
      assessmentMembers: num(row.assessment_members),
      gainTotal: num(row.gain_total),
      gainPairs: num(row.gain_pairs),
      gainMembers: num(row.gain_members),
      byType: byType.get(industry) ?? noOutcomesByType(),
    };
  });
}

/** Outcomes and the members who reported them, per industry (null: none chosen) and type. */
async function outcomesByIndustryAndType(db: Database) {
  const { rows } = await db.execute<Record<string, unknown>>(sql`
    select p.industry, o.type, count(*) as outcomes, count(distinct o.user_id) as members
    from member_outcomes o
    join users u on u.id = o.user_id
    left join profiles p on p.user_id = u.id
    where u.role <> 'admin'
    group by p.industry, o.type
  `);
  const byIndustry = new Map<string | null, Record<OutcomeType, OutcomeCount>>();
  for (const row of rows) {
    const industry = (row.industry as string | null) ?? null;
    const counts = byIndustry.get(industry) ?? noOutcomesByType();
    counts[row.type as OutcomeType] = { outcomes: num(row.outcomes), members: num(row.members) };
    byIndustry.set(industry, counts);
  }
  return byIndustry;
}

/** Outcomes per calendar month (UTC) from `since` on. */
export async function outcomesByMonth(db: Database, since: string): Promise<MonthFacts[]> {
  const { rows } = await db.execute<Record<string, unknown>>(sql`
    select to_char(date_trunc('month', o.occurred_on), 'YYYY-MM') as month,
      count(*) as outcomes,
      count(distinct o.user_id) as members,
      coalesce(sum(o.annual_amount), 0) as uplift,
      count(distinct o.user_id) filter (where o.annual_amount is not null) as uplift_members
    from member_outcomes o join users u on u.id = o.user_id
    where u.role <> 'admin' and o.occurred_on >= ${since}::date
    group by 1
  `);
  return rows.map((row) => ({
    month: String(row.month),
    outcomes: num(row.outcomes),
    members: num(row.members),
    uplift: num(row.uplift),
    upliftMembers: num(row.uplift_members),
  }));
}

/** Members with outcomes dated before `since` or from `until` on (a day ahead of the server's date). */
export async function outcomesOutside(db: Database, since: string, until: string): Promise<OutsideFacts> {
  const { rows } = await db.execute<Record<string, unknown>>(sql`
    select count(distinct o.user_id) as members,
      count(distinct o.user_id) filter (where o.annual_amount is not null) as uplift_members
    from member_outcomes o join users u on u.id = o.user_id
    where u.role <> 'admin' and (o.occurred_on < ${since}::date or o.occurred_on >= ${until}::date)
  `);
  return { members: num(rows[0]?.members), upliftMembers: num(rows[0]?.uplift_members) };
}
