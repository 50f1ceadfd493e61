import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';
import { HttpError } from '../../plugins/errors.ts';

/** A database or an open transaction: recording inside the caller's transaction keeps both or neither. */
export type AuditWriter = Pick<Database, 'insert'>;

/** The admin acting. Their name is copied into each entry, which still names them once their account goes. */
export interface Actor {
  id: string;
  displayName: string;
}

/**
 * The admin a request acts for. The routes calling this require an admin (`config.access`), so the 401
 * only guards a route declared without it.
 */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.auth) throw new HttpError(401);
  return { id: request.auth.user.id, displayName: request.auth.user.displayName };
}

export interface AuditRecord {
  /** The admin acting; null for the system itself (a scheduled job). */
  actor: Actor | null;
  /** Dotted verb, `<subject>.<what>`: `user.role`, `user.suspend`, `post.remove`, `notification.send`. */
  action: string;
  subjectType: string;
  subjectId: string;
  /** What a reader recognises the subject by (an email, a title); kept after the subject is deleted. */
  subjectLabel?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/**
 * Records one admin action. Every module that changes something on an admin's say-so calls this, in
 * the same transaction as the change where it has one, so the log never claims what did not happen.
 */
export async function recordAudit(db: AuditWriter, record: AuditRecord): Promise<void> {
  await db.insert(auditLog).values({
    actorId: record.actor?.id ?? null,
    actorName: record.actor?.displayName ?? 'System',
    action: record.action,
    subjectType: record.subjectType,
    subjectId: record.subjectId,
    subjectLabel: record.subjectLabel ?? null,
    before: record.before ?? null,
    after: record.after ?? null,
  });
}
