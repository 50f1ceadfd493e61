import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { AdminUser, AdminUserFilter, AdminUserSort } from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import { sessions, users } from '../../db/schema.ts';
import { filterConditions, filterValues, orderOf } from './users.repo.ts';

type Order = { sort: AdminUserSort; dir: 'asc' | 'desc' };

/**
 * What makes two lists one statement: which values the filter has (they become parameters), the states it
 * asks for (they are written in), and the order. A few dozen shapes in practice.
 */
function shapeOf(filter: AdminUserFilter, { sort, dir }: Order) {
  const asked = (['q', 'role', 'joinedFrom', 'joinedTo'] as const).filter((name) => filter[name]);
  return {
    key: [...asked, `status=${filter.status ?? ''}`, `verified=${filter.verified ?? ''}`, sort, dir].join(
      '&',
    ),
    // Its values are not written into the statement: placeholders take their place.
    filter,
    order: { sort, dir },
  };
}

type Shape = ReturnType<typeof shapeOf>;

/**
 * One row per member of the page, each with the total; no page row (nulls) when the page is past the end.
 * Instants come as the text `Date.prototype.toISOString` writes, so none is parsed only to be written again.
 */
type PageRow = {
  total: number;
  id: string | null;
  email: string;
  display_name: string;
  role: AdminUser['role'];
  suspended_at: string | null;
  email_verified_at: string | null;
  created_at: string;
  last_active_at: string | null;
};

/**
 * An instant as `toISOString` writes it (UTC, milliseconds, `Z`). `MS` drops the microseconds as a JS Date
 * parsed from PostgreSQL's text does, so the list agrees to the millisecond with the export and the member's
 * page (toAdminUser).
 */
const iso = (column: string) =>
  sql.raw(`to_char(page.${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as ${column}`);

/**
 * The page and the filter's total in one statement, so one round trip: the count scans what matches once
 * (no window over every row, which would also fetch each of them through the sort's index), the page takes
 * the first rows in order and looks up "last active" for those alone. An empty page still brings the total.
 */
function pageQuery(shape: Shape) {
  const where = filterConditions(shape.filter, (name) => sql.placeholder(name));
  const whereClause = where ? sql`where ${where}` : sql``;
  const order = orderOf(shape.order.sort, shape.order.dir);
  const lastActive = sql`(select max(s.last_used_at) from ${sessions} s where s.user_id = ${users.id})`;
  return sql`
    select matching.total, page.id, page.email, page.display_name, page.role, ${iso('suspended_at')},
           ${iso('email_verified_at')}, ${iso('created_at')}, ${iso('last_active_at')}
      from (select count(*)::int as total from ${users} ${whereClause}) matching
      left join (
        select ${users.id} as id, ${users.email} as email, ${users.displayName} as display_name,
               ${users.role} as role, ${users.suspendedAt} as suspended_at,
               ${users.emailVerifiedAt} as email_verified_at, ${users.createdAt} as created_at,
               ${lastActive} as last_active_at,
               row_number() over (order by ${order}) as position
          from ${users} ${whereClause}
         order by ${order}
         limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}
      ) page on true
     order by page.position`;
}

const dialect = new PgDialect();

function prepare(db: Database, shape: Shape) {
  const built = dialect.sqlToQuery(pageQuery(shape));
  // Named by the shape, short enough for PostgreSQL's 63 characters.
  const name = `admin_users_${createHash('sha1').update(shape.key).digest('base64url').slice(0, 20)}`;
  const prepared = db._.session.prepareQuery(built, undefined, name, false);
  return (values: Record<string, unknown>) => prepared.execute(values) as Promise<{ rows: PageRow[] }>;
}

/**
 * Each shape's statement is built once per database and prepared once per pooled connection: building the
 * two selects with drizzle and sending them unprepared was most of the list's CPU (issue 43.9).
 */
const statements = new WeakMap<Database, Map<string, ReturnType<typeof prepare>>>();

function statementFor(db: Database, shape: Shape) {
  let byShape = statements.get(db);
  if (!byShape) {
    byShape = new Map();
    statements.set(db, byShape);
  }
  let statement = byShape.get(shape.key);
  if (!statement) {
    statement = prepare(db, shape);
    byShape.set(shape.key, statement);
  }
  return statement;
}

/** One page of members matching the filter, in the order asked, and how many match in all. */
export async function listUsers(
  db: Database,
  filter: AdminUserFilter,
  order: Order & { page: number; pageSize: number },
): Promise<{ items: AdminUser[]; total: number }> {
  const run = statementFor(db, shapeOf(filter, order));
  const { rows } = await run({
    ...filterValues(filter),
    limit: order.pageSize,
    offset: (order.page - 1) * order.pageSize,
  });
  // As toAdminUser writes a member (users.repo.ts), from text already in the answer's form.
  const items = rows.flatMap((row): AdminUser[] =>
    row.id === null
      ? []
      : [
          {
            id: row.id,
            email: row.email,
            displayName: row.display_name,
            role: row.role,
            status: row.suspended_at === null ? 'active' : 'suspended',
            suspendedAt: row.suspended_at,
            emailVerifiedAt: row.email_verified_at,
            joinedAt: row.created_at,
            lastActiveAt: row.last_active_at,
          },
        ],
  );
  return { items, total: rows[0]?.total ?? 0 };
}
