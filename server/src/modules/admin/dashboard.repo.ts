import { sql } from 'drizzle-orm';
import { roles, type DashboardStats, type Role } from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import { authEvents, chatUsage, skillAttempts, users } from '../../db/schema.ts';

/** The UTC days of a period ending today, as PostgreSQL dates, oldest first. */
export function periodOf(days: number, now = new Date()) {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const from = new Date(today - (days - 1) * 24 * 60 * 60_000).toISOString().slice(0, 10);
  return { from, to: new Date(today).toISOString().slice(0, 10) };
}

// Signs of a member being there that day: signing in, a session refreshed, or a question to Vale.
const presenceEvents = ['register', 'login.success', 'refresh', 'refresh.retry'];

/** Members by role, those who joined in the period, and all members: one pass over `users`. */
export async function members(db: Database, from: string) {
  const rows = await db
    .select({
      role: users.role,
      count: sql<number>`count(*)::int`,
      joined: sql<number>`count(*) filter (where ${users.createdAt} >= ${from}::date)::int`,
    })
    .from(users)
    .groupBy(users.role);
  const byRole: DashboardStats['membersByRole'] = roles.map((role: Role) => ({
    role,
    count: rows.find((row) => row.role === role)?.count ?? 0,
  }));
  const sum = (of: (row: (typeof rows)[number]) => number) => rows.reduce((total, row) => total + of(row), 0);
  return { byRole, joined: sum((row) => row.joined), total: sum((row) => row.count) };
}

export async function activity(db: Database, from: string, to: string): Promise<DashboardStats['activity']> {
  const result = await db.execute<{ day: string; active_members: number; vale_questions: number }>(sql`
    with days as (select generate_series(${from}::date, ${to}::date, interval '1 day')::date as day),
    present as (
      select (${authEvents.createdAt} at time zone 'UTC')::date as day, ${authEvents.userId} as user_id
        from ${authEvents}
       where ${authEvents.createdAt} >= ${from}::date and ${authEvents.userId} is not null
         and ${authEvents.type} in ${presenceEvents}
      union
      select ${chatUsage.day}, substr(${chatUsage.scope}, 6)::uuid
        from ${chatUsage}
       where ${chatUsage.day} >= ${from}::date and ${chatUsage.scope} like 'user:%'
    ),
    -- A visitor is counted under two scopes (cookie and address); the cookie one counts each message once.
    questions as (
      select ${chatUsage.day} as day, sum(${chatUsage.count})::int as count
        from ${chatUsage}
       where ${chatUsage.day} >= ${from}::date
         and (${chatUsage.scope} like 'user:%' or ${chatUsage.scope} like 'visitor:%')
       group by ${chatUsage.day}
    ),
    -- Grouped once and joined: a subquery per day would scan every event of the period again each day.
    active as (select day, count(distinct user_id)::int as count from present group by day)
    select to_char(days.day, 'YYYY-MM-DD') as day,
           coalesce(active.count, 0) as active_members,
           coalesce(questions.count, 0) as vale_questions
      from days
      left join active on active.day = days.day
      left join questions on questions.day = days.day
     order by days.day`);
  return result.rows.map((row) => ({
    day: row.day,
    activeMembers: row.active_members,
    valeQuestions: row.vale_questions,
  }));
}

export async function security(db: Database, from: string, to: string): Promise<DashboardStats['security']> {
  const result = await db.execute<{
    day: string;
    sign_ins: number;
    failures: number;
    lockouts: number;
    token_reuse: number;
  }>(sql`
    with days as (select generate_series(${from}::date, ${to}::date, interval '1 day')::date as day),
    events as (
      select (${authEvents.createdAt} at time zone 'UTC')::date as day, ${authEvents.type} as type
        from ${authEvents} where ${authEvents.createdAt} >= ${from}::date
    )
    select to_char(days.day, 'YYYY-MM-DD') as day,
           count(*) filter (where events.type = 'login.success')::int as sign_ins,
           count(*) filter (where events.type in ('login.failure', 'password.failure'))::int as failures,
           count(*) filter (where events.type in ('login.throttled', 'password.throttled'))::int as lockouts,
           count(*) filter (where events.type = 'refresh.reuse')::int as token_reuse
      from days left join events on events.day = days.day
     group by days.day order by days.day`);
  return result.rows.map((row) => ({
    day: row.day,
    signIns: row.sign_ins,
    failures: row.failures,
    lockouts: row.lockouts,
    tokenReuse: row.token_reuse,
  }));
}

/** Members with a completed assessment (ever) and assessments completed in the period. */
export async function assessments(
  db: Database,
  from: string,
): Promise<Omit<DashboardStats['assessments'], 'members'>> {
  const [row] = await db
    .select({
      membersAssessed: sql<number>`count(distinct ${skillAttempts.userId}) filter (where ${skillAttempts.status} = 'completed')::int`,
      completedInPeriod: sql<number>`count(*) filter (where ${skillAttempts.completedAt} >= ${from}::date)::int`,
    })
    .from(skillAttempts);
  return { membersAssessed: row?.membersAssessed ?? 0, completedInPeriod: row?.completedInPeriod ?? 0 };
}
