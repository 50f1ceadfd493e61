import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

export interface MemberSession {
  id: string;
  startedAt: string;
  lastActiveAt: string;
  endedAt: string | null;
  endedReason: string | null;
  device: string | null;
  ip: string | null;
}

interface SessionRow extends Record<string, unknown> {
  family_id: string;
  started_at: Date;
  last_active_at: Date;
  revoked_at: Date | null;
  revoked_reason: string | null;
  absolute_expires_at: Date;
  user_agent: string | null;
  ip: string | null;
  total: number;
}

/**
 * A member's sign-ins for the admin's view of them, newest use first. A refresh rotates the token into a
 * new row of the same family, so one sign-in is one family: started at its first row, last used at its
 * latest use, and ended as its newest row was (or at its absolute expiry, once that has passed).
 */
export async function memberSessions(
  db: Database,
  userId: string,
  page: { page: number; pageSize: number },
): Promise<{ items: MemberSession[]; total: number }> {
  const { rows } = await db.execute<SessionRow>(sql`
    with families as (
      select distinct on (family_id)
        family_id, revoked_at, revoked_reason, absolute_expires_at, user_agent, ip,
        min(created_at) over (partition by family_id) as started_at,
        max(last_used_at) over (partition by family_id) as last_active_at
      from sessions
      where user_id = ${userId}
      order by family_id, created_at desc
    )
    select *, count(*) over ()::int as total
    from families
    order by last_active_at desc, family_id
    limit ${page.pageSize} offset ${(page.page - 1) * page.pageSize}
  `);
  const now = Date.now();
  return {
    total: rows[0]?.total ?? (page.page > 1 ? await countFamilies(db, userId) : 0),
    items: rows.map((row) => {
      const expired = !row.revoked_at && new Date(row.absolute_expires_at).getTime() <= now;
      return {
        id: row.family_id,
        startedAt: new Date(row.started_at).toISOString(),
        lastActiveAt: new Date(row.last_active_at).toISOString(),
        endedAt: row.revoked_at
          ? new Date(row.revoked_at).toISOString()
          : expired
            ? new Date(row.absolute_expires_at).toISOString()
            : null,
        endedReason: row.revoked_reason ?? (expired ? 'expired' : null),
        device: row.user_agent,
        ip: row.ip,
      };
    }),
  };
}

/** The total when the asked page is past the end (it has no rows to carry the count). */
async function countFamilies(db: Database, userId: string): Promise<number> {
  const { rows } = await db.execute<{ total: number }>(
    sql`select count(distinct family_id)::int as total from sessions where user_id = ${userId}`,
  );
  return rows[0]?.total ?? 0;
}
