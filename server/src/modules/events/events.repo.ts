import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

/** The PostgreSQL channel every instance LISTENs on. */
export const eventsChannel = 'uplift_live_events';
/** NOTIFY refuses 8,000 bytes; payloads are ids and small facts, well under this. */
export const maxPayloadBytes = 2_000;

export interface StoredEvent {
  id: number;
  type: string;
  audienceUserId: string | null;
  payload: Record<string, unknown>;
  createdAt: string;
}

/** The database itself, or a transaction in progress: `execute` is all publishing needs. */
export type Executor = Pick<Database, 'execute'>;

interface EventRow extends Record<string, unknown> {
  id: string;
  type: string;
  audience_user_id: string | null;
  payload: Record<string, unknown>;
  created_at: string | Date;
}

function toEvent(row: EventRow): StoredEvent {
  return {
    id: Number(row.id),
    type: row.type,
    audienceUserId: row.audience_user_id,
    payload: row.payload,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/**
 * Stores the event and notifies every instance in one statement, so inside a transaction both happen at
 * its commit or not at all (PostgreSQL delivers NOTIFY on commit).
 */
export async function insertAndNotify(
  executor: Executor,
  event: { type: string; audienceUserId: string | null; payload: Record<string, unknown> },
): Promise<StoredEvent> {
  const result = await executor.execute<EventRow>(sql`
    with inserted as (
      insert into live_events (type, audience_user_id, payload)
      values (${event.type}, ${event.audienceUserId}, ${JSON.stringify(event.payload)}::jsonb)
      returning id, type, audience_user_id, payload, created_at
    )
    select inserted.*, pg_notify(${eventsChannel}, json_build_object(
      'id', id, 'type', type, 'audienceUserId', audience_user_id, 'payload', payload,
      'createdAt', created_at
    )::text) from inserted`);
  const row = result.rows[0];
  if (!row) throw new Error('live event not stored');
  return toEvent(row);
}

/**
 * Events after `afterId`, oldest first: those `reader` may see (a reconnecting client's catch-up), or all
 * of them without a reader (an instance catching up after its listener was down).
 */
export async function eventsSince(
  db: Database,
  afterId: number,
  limit: number,
  reader?: { userId: string | null },
): Promise<StoredEvent[]> {
  const audience = reader
    ? sql`and (audience_user_id is null or audience_user_id = ${reader.userId})`
    : sql``;
  const result = await db.execute<EventRow>(sql`
    select id, type, audience_user_id, payload, created_at from live_events
    where id > ${afterId} ${audience}
    order by id limit ${limit}`);
  return result.rows.map(toEvent);
}

export async function latestEventId(db: Database): Promise<number> {
  const result = await db.execute<{ id: string | null }>(sql`select max(id) as id from live_events`);
  return Number(result.rows[0]?.id ?? 0);
}

/** Drops events older than the catch-up window; harmless when several instances do it at once. */
export async function pruneEvents(db: Database, keepMs: number): Promise<number> {
  const result = await db.execute(
    sql`delete from live_events where created_at < now() - make_interval(secs => ${keepMs / 1000})`,
  );
  return result.rowCount ?? 0;
}

/** Parses a NOTIFY payload written by `insertAndNotify`. */
export function parseNotification(text: string): StoredEvent {
  const raw = JSON.parse(text) as {
    id: number;
    type: string;
    audienceUserId: string | null;
    payload: Record<string, unknown>;
    createdAt: string;
  };
  return { ...raw, id: Number(raw.id), createdAt: new Date(raw.createdAt).toISOString() };
}

/**
 * Whether a stream's sign-in still stands: a session of its family (the tokens rotated from one sign-in)
 * is neither revoked nor past its absolute end, and its member exists and is not suspended.
 */
export async function signInStillLive(db: Database, familyId: string): Promise<boolean> {
  const result = await db.execute<{ live: boolean }>(sql`
    select exists (
      select 1 from sessions s join users u on u.id = s.user_id
      where s.family_id = ${familyId} and s.revoked_at is null and s.absolute_expires_at > now()
        and u.suspended_at is null
    ) as live`);
  return result.rows[0]?.live === true;
}
