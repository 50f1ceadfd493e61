import { sql } from 'drizzle-orm';
import type { OutcomeType } from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import type { IndustryFacts, MonthFacts, SkillFacts } from './aggregation.ts';

/**
 * The stored rows the impact figures are computed from. Admins run the service and are not counted as
 * members. Training hours come from video watch progress (`watched_seconds`, real playback) plus the
 * time spent answering assessment questions (`time_spent_seconds`, each answer capped), partner
 * connections from connection requests, assessments and skill gains from the skills tables.
 */

const num = (value: unknown) => Number(value ?? 0);

export async function industryFacts(db: Database): Promise<IndustryFacts[]> {
  const { rows } = await db.execute<Record<string, unknown>>(sql`
    select p.industry,
      count(*) as members,
      coalesce(sum(o.outcomes), 0) as outcomes,
      count(o.user_id) as outcome_members,
      coalesce(sum(o.uplift), 0) as uplift,
      count(o.uplift) as uplift_members,
      coalesce(sum(t.seconds), 0) as training_seconds,
      count(t.user_id) as training_members,
      coalesce(sum(c.requests), 0) as partner_requests,
      count(c.user_id) as partner_members
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
    where u.role <> 'admin'
    group by p.industry
  `);
  return rows.map((row) => ({
    industry: (row.industry as string | null) ?? null,
    members: num(row.members),
    outcomes: num(row.outcomes),
    outcomeMembers: num(row.outcome_members),
    uplift: num(row.uplift),
    upliftMembers: num(row.uplift_members),
    trainingSeconds: num(row.training_seconds),
    trainingMembers: num(row.training_members),
    partnerRequests: num(row.partner_requests),
    partnerMembers: num(row.partner_members),
  }));
}

export async function outcomesByType(db: Database) {
  const { rows } = await db.execute<Record<string, unknown>>(sql`
    select o.type, count(*) as outcomes, count(distinct o.user_id) as members
    from member_outcomes o join users u on u.id = o.user_id
    where u.role <> 'admin'
    group by o.type
  `);
  return rows.map((row) => ({
    type: row.type as OutcomeType,
    outcomes: num(row.outcomes),
    members: num(row.members),
  }));
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

/**
 * Completed assessments, and the gain per member and skill: the latest score minus the first (0–300
 * scale), for every member who took a skill more than once. Each figure comes with its member count.
 */
export async function skillFacts(db: Database): Promise<SkillFacts> {
  const { rows } = await db.execute<Record<string, unknown>>(sql`
    with completed as (
      select count(*) as assessments, count(distinct a.user_id) as members
      from skill_attempts a join users u on u.id = a.user_id
      where a.status = 'completed' and u.role <> 'admin'
    ), gains as (
      select r.user_id,
        (array_agg(r.score order by r.completed_at desc, r.attempt_id desc))[1]
          - (array_agg(r.score order by r.completed_at, r.attempt_id))[1] as gain
      from skill_results r join users u on u.id = r.user_id
      where u.role <> 'admin'
      group by r.user_id, r.skill
      having count(*) > 1
    )
    select completed.assessments, completed.members as assessment_members,
      (select avg(gain) from gains) as average_gain,
      (select count(distinct user_id) from gains) as gain_members
    from completed
  `);
  const row = rows[0] ?? {};
  return {
    assessments: num(row.assessments),
    assessmentMembers: num(row.assessment_members),
    averageGain: num(row.average_gain),
    gainMembers: num(row.gain_members),
  };
}
