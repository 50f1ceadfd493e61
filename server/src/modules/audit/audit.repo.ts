import { and, desc, eq, like, or, sql, type SQL } from 'drizzle-orm';
import type { AuditEntry, AuditLogPage } from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';
import { HttpError } from '../../plugins/errors.ts';

export interface AuditFilter {
  action?: string;
  subjectType?: string;
  subjectId?: string;
  actorId?: string;
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

/** Newest first; `action` matches a whole verb (`user.role`) or a subject's every verb (`user`). */
export async function listAudit(db: Database, filter: AuditFilter): Promise<AuditLogPage> {
  const where: SQL[] = [];
  if (filter.action) {
    // LIKE's wildcards in what the admin typed match only themselves.
    const family = `${filter.action.replace(/[\\%_]/g, (c) => `\\${c}`)}.%`;
    where.push(or(eq(auditLog.action, filter.action), like(auditLog.action, family)) as SQL);
  }
  if (filter.subjectType) where.push(eq(auditLog.subjectType, filter.subjectType));
  if (filter.subjectId) where.push(eq(auditLog.subjectId, filter.subjectId));
  if (filter.actorId) where.push(eq(auditLog.actorId, filter.actorId));
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
