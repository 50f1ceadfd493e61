import { desc } from 'drizzle-orm';
import type { ErrorLogPayload } from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import { errorLogs } from '../../db/schema.ts';

export async function insertErrorLog(
  db: Database,
  payload: ErrorLogPayload,
  clientIp: string,
): Promise<string> {
  const [row] = await db
    .insert(errorLogs)
    .values({
      message: payload.message,
      stack: payload.stack ?? null,
      occurredAt: new Date(payload.timestamp),
      userAgent: payload.userAgent,
      url: payload.url,
      context: payload.context ?? null,
      code: payload.code ?? null,
      severity: payload.severity ?? null,
      userMessage: payload.userMessage ?? null,
      clientIp,
    })
    .returning({ id: errorLogs.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export async function listRecentErrorLogs(db: Database, limit: number) {
  const rows = await db.select().from(errorLogs).orderBy(desc(errorLogs.receivedAt)).limit(limit);
  return rows.map((row) => ({
    id: row.id,
    message: row.message,
    code: row.code,
    severity: row.severity,
    userMessage: row.userMessage,
    url: row.url,
    userAgent: row.userAgent,
    occurredAt: row.occurredAt.toISOString(),
    receivedAt: row.receivedAt.toISOString(),
  }));
}
