import { sql } from 'drizzle-orm';
import type { OutcomeType } from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import type { IndustryFacts, MonthFacts } from './aggregation.ts';

/**
 * The stored rows the impact figures are computed from. Admins run the service and are not counted as
 * members. Training hours come from video watch progress (`watched_seconds`, real playback), partner
 * connections from connection requests. The skills assessment's figures join here once its tables exist.
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
      coalesce(sum(v.watched), 0) as watched_seconds,
      count(v.user_id) as watch_members,
      coalesce(sum(c.requests), 0) as partner_requests,
      count(c.user_id) as partner_members
    from users u
    left join profiles p on p.user_id = u.id
    left join (
      select user_id, count(*) as outcomes, sum(annual_amount) as uplift
      from member_outcomes group by user_id
    ) o on o.user_id = u.id
    left join (
      select user_id, sum(watched_seconds) as watched
      from video_progress group by user_id having sum(watched_seconds) > 0
    ) v on v.user_id = u.id
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
    watchedSeconds: num(row.watched_seconds),
    watchMembers: num(row.watch_members),
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
