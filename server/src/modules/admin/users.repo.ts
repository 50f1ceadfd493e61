import {
  and,
  asc,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  or,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { AdminUser, AdminUserFilter, AdminUserSort, Role } from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import { sessions, users } from '../../db/schema.ts';

/**
 * Last use of any of the member's sessions, live or not: when they were last seen (the session is marked
 * used at most once a minute, auth.service.ts `authenticate`).
 *
 * Written out, not from the schema's columns: in the select list of a one-table query Drizzle drops the
 * table from every column name, so `${users.id}` came out as a bare `"id"`, which inside the subquery is
 * the session's own id and matched nothing (issue 43: "Last active" was empty for every member).
 */
const lastActiveAt = sql<Date | null>`(select max(s.last_used_at) from ${sessions} s where s.user_id = ${sql.raw('"users"."id"')})`;

const columns = {
  id: users.id,
  email: users.email,
  displayName: users.displayName,
  role: users.role,
  suspendedAt: users.suspendedAt,
  emailVerifiedAt: users.emailVerifiedAt,
  createdAt: users.createdAt,
  lastActiveAt: lastActiveAt.mapWith((value: string | null) => (value === null ? null : new Date(value))),
};

export type AdminUserRow = {
  id: string;
  email: string;
  displayName: string;
  role: AdminUser['role'];
  suspendedAt: Date | null;
  emailVerifiedAt: Date | null;
  createdAt: Date;
  lastActiveAt: Date | null;
};

export function toAdminUser(row: AdminUserRow): AdminUser {
  return {
    id: row.id,
    email: row.email,
    displayName: row.displayName,
    role: row.role,
    status: row.suspendedAt ? 'suspended' : 'active',
    suspendedAt: row.suspendedAt?.toISOString() ?? null,
    emailVerifiedAt: row.emailVerifiedAt?.toISOString() ?? null,
    joinedAt: row.createdAt.toISOString(),
    lastActiveAt: row.lastActiveAt?.toISOString() ?? null,
  };
}

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 24 * 60 * 60_000);

/** The values a filter compares with, by the name each takes in a prepared statement. */
export type FilterValues = { pattern?: string; role?: Role; joinedFrom?: Date; joinedTo?: Date };

/** Puts a filter's value in its statement: the value itself, or a placeholder (SQLWrapper) in its place. */
export type Bind = <Name extends keyof FilterValues>(
  name: Name,
  value: NonNullable<FilterValues[Name]>,
) => NonNullable<FilterValues[Name]> | SQLWrapper;

/** What the filter's text, role and days compare with: the text as a LIKE pattern, the days as instants. */
export function filterValues(filter: AdminUserFilter): FilterValues {
  return {
    // The admin's text matches literally: LIKE's wildcards in it match only themselves.
    ...(filter.q ? { pattern: `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` } : {}),
    ...(filter.role ? { role: filter.role } : {}),
    ...(filter.joinedFrom ? { joinedFrom: new Date(`${filter.joinedFrom}T00:00:00Z`) } : {}),
    ...(filter.joinedTo ? { joinedTo: nextDay(filter.joinedTo) } : {}),
  };
}

/**
 * The SQL of a filter; the list, the export and "all that match" share it, so they agree. `bind` puts each
 * value in the statement: the value itself, or a placeholder when the statement is prepared once for every
 * filter of its shape (users-page.repo.ts).
 */
export function filterConditions(filter: AdminUserFilter, bind: Bind): SQL | undefined {
  const values = filterValues(filter);
  const where: SQL[] = [];
  if (values.pattern !== undefined) {
    const pattern = bind('pattern', values.pattern);
    where.push(or(ilike(users.email, pattern), ilike(users.displayName, pattern)) as SQL);
  }
  if (values.role !== undefined) where.push(eq(users.role, bind('role', values.role)));
  if (filter.status === 'active') where.push(isNull(users.suspendedAt));
  if (filter.status === 'suspended') where.push(isNotNull(users.suspendedAt));
  if (filter.verified === 'verified') where.push(isNotNull(users.emailVerifiedAt));
  if (filter.verified === 'unverified') where.push(isNull(users.emailVerifiedAt));
  if (values.joinedFrom) where.push(gte(users.createdAt, bind('joinedFrom', values.joinedFrom)));
  if (values.joinedTo) where.push(lt(users.createdAt, bind('joinedTo', values.joinedTo)));
  return where.length ? and(...where) : undefined;
}

/** The SQL of a filter, its values written in. */
export function filterWhere(filter: AdminUserFilter): SQL | undefined {
  return filterConditions(filter, (_name, value) => value);
}

// Role sorts by rank, not by name; every sort ends on id so equal values keep one order across pages.
const sortColumns: Record<AdminUserSort, SQL | typeof users.email> = {
  joined: sql`${users.createdAt}`,
  email: sql`lower(${users.email})`,
  name: sql`lower(${users.displayName})`,
  role: sql`array_position(array['member-tier-1','member-tier-2','admin'], ${users.role})`,
  lastActive: lastActiveAt,
};

/** The ORDER BY of a sort: its key, then the id, in one direction ("last active" puts never-seen last). */
export function orderOf(sort: AdminUserSort, dir: 'asc' | 'desc'): SQL {
  const direction = dir === 'asc' ? asc : desc;
  const key =
    sort === 'lastActive'
      ? sql`${sortColumns[sort]} ${sql.raw(dir)} nulls last`
      : direction(sortColumns[sort]);
  return sql`${key}, ${direction(users.id)}`;
}

export async function findUsers(db: Database, ids: string[]): Promise<AdminUserRow[]> {
  if (ids.length === 0) return [];
  return (await db.select(columns).from(users).where(inArray(users.id, ids))) as AdminUserRow[];
}

/**
 * Every matching member in batches, oldest first, by keyset on (created_at, id): memory stays flat
 * however many there are, and no transaction is held open while the client reads slowly.
 */
export async function* streamUsers(
  db: Database,
  filter: AdminUserFilter,
  batchSize = 2_000,
): AsyncGenerator<AdminUserRow[]> {
  // The keyset carries created_at as PostgreSQL's own text: a JS Date would drop its microseconds.
  let after: { createdAt: string; id: string } | null = null;
  for (;;) {
    const keyset: SQL | undefined = after
      ? sql`(${users.createdAt}, ${users.id}) > (${after.createdAt}::timestamptz, ${after.id}::uuid)`
      : undefined;
    const rows: Array<AdminUserRow & { keysetAt: string }> = await db
      .select({ ...columns, keysetAt: sql<string>`${users.createdAt}::text` })
      .from(users)
      .where(and(filterWhere(filter), keyset))
      .orderBy(asc(users.createdAt), asc(users.id))
      .limit(batchSize);
    if (rows.length > 0) yield rows;
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) return;
    after = { createdAt: last.keysetAt, id: last.id };
  }
}

export async function countUsers(db: Database, filter: AdminUserFilter = {}): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(users)
    .where(filterWhere(filter));
  return row?.total ?? 0;
}
