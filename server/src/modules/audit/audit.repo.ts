import { and, desc, eq, gte, ilike, isNotNull, like, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AuditActors, AuditEntry, AuditLogFilter, AuditLogPage } from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';
import { HttpError } from '../../plugins/errors.ts';

export interface AuditFilter extends AuditLogFilter {
  cursor?: string;
  limit: number;
}

type AuditRow = typeof auditLog.$inferSelect;

function toEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    at: row.createdAt.toISOString(),
    actorId: row.actorId,
    actorName: row.actorName,
    action: row.action,
    subjectType: row.subjectType,
    subjectId: row.subjectId,
    subjectLabel: row.subjectLabel,
    before: row.before,
    after: row.after,
  };
}

// Keyset pagination on (created_at, id): new entries arriving while an admin pages never shift a page.
// The time is PostgreSQL's own text of it: a JS Date would drop its microseconds.
function encodeCursor(row: { keysetAt: string; id: string }): string {
  return Buffer.from(`${row.keysetAt}|${row.id}`).toString('base64url');
}

const pgTimestamp = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d{1,6})?[+-]\d\d(:\d\d)?$/;

function decodeCursor(cursor: string): { at: string; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  if (!at || !id || !/^[0-9a-f-]{36}$/.test(id) || !pgTimestamp.test(at)) {
    throw new HttpError(400, 'This page link has expired. Start again from the first page.');
  }
  return { at, id };
}

// LIKE's wildcards in what the admin typed match only themselves.
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const dayStart = (day: string) => new Date(`${day}T00:00:00Z`);
const nextDay = (day: string) => new Date(dayStart(day).getTime() + 24 * 60 * 60_000);

/** The SQL of a filter: the page and the CSV export share it, so they agree. */
function filterWhere(filter: AuditLogFilter): SQL[] {
  const where: SQL[] = [];
  if (filter.action) {
    const family = `${literal(filter.action)}.%`;
    where.push(or(eq(auditLog.action, filter.action), like(auditLog.action, family)) as SQL);
  }
  if (filter.subjectType) where.push(eq(auditLog.subjectType, filter.subjectType));
  if (filter.subjectId) where.push(eq(auditLog.subjectId, filter.subjectId));
  if (filter.actorId) where.push(eq(auditLog.actorId, filter.actorId));
  if (filter.target) {
    where.push(
      or(
        ilike(auditLog.subjectLabel, `%${literal(filter.target)}%`),
        eq(auditLog.subjectId, filter.target),
      ) as SQL,
    );
  }
  if (filter.from) where.push(gte(auditLog.createdAt, dayStart(filter.from)));
  if (filter.to) where.push(lt(auditLog.createdAt, nextDay(filter.to)));
  return where;
}

/**
 * Newest first, a page at a time; `action` matches a whole verb (`user.role`) or a subject's every verb
 * (`user`), `target` text in the target's label or its whole id, `from` and `to` whole days (UTC).
 */
export async function listAudit(db: Database, filter: AuditFilter): Promise<AuditLogPage> {
  const where = filterWhere(filter);
  if (filter.cursor) {
    const { at, id } = decodeCursor(filter.cursor);
    where.push(sql`(${auditLog.createdAt}, ${auditLog.id}) < (${at}::timestamptz, ${id}::uuid)`);
  }
  const rows = await db
    .select({ row: auditLog, keysetAt: sql<string>`${auditLog.createdAt}::text` })
    .from(auditLog)
    .where(and(...where))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(filter.limit + 1);
  const page = rows.slice(0, filter.limit);
  const last = page.at(-1);
  return {
    items: page.map(({ row }) => toEntry(row)),
    nextCursor:
      rows.length > filter.limit && last ? encodeCursor({ keysetAt: last.keysetAt, id: last.row.id }) : null,
  };
}

/** Every matching entry, newest first, a page at a time by the same keyset: memory stays flat. */
export async function* streamAudit(
  db: Database,
  filter: AuditLogFilter,
  batchSize = 1_000,
): AsyncGenerator<AuditEntry[]> {
  let cursor: string | undefined;
  for (;;) {
    const page = await listAudit(db, { ...filter, cursor, limit: batchSize });
    if (page.items.length > 0) yield page.items;
    if (!page.nextCursor) return;
    cursor = page.nextCursor;
  }
}

/** Admins who have acted, each by the name on their latest entry, A to Z. */
export async function listAuditActors(db: Database): Promise<AuditActors> {
  const rows = await db
    .selectDistinctOn([auditLog.actorId], { id: auditLog.actorId, name: auditLog.actorName })
    .from(auditLog)
    .where(isNotNull(auditLog.actorId))
    .orderBy(auditLog.actorId, desc(auditLog.createdAt));
  return {
    items: rows
      .flatMap((row) => (row.id ? [{ id: row.id, name: row.name }] : []))
      .sort((a, b) => a.name.localeCompare(b.name)),
  };
}
