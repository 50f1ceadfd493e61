import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { authEvents, loginThrottles, sessions, users } from '../../db/schema.ts';

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type AuthEventType =
  | 'register'
  | 'login.success'
  | 'login.failure'
  | 'login.locked'
  | 'logout'
  | 'refresh'
  | 'refresh.reuse'
  | 'password.change';

export interface ClientInfo {
  ip: string;
  userAgent: string | null;
}

export function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  return db.query.users.findFirst({ where: sql`lower(${users.email}) = lower(${email})` });
}

export function findUserById(db: Database, id: string): Promise<UserRow | undefined> {
  return db.query.users.findFirst({ where: eq(users.id, id) });
}

/** Inserts the user unless the email (case-insensitively) is taken; undefined when taken. */
export async function insertUser(
  db: Database,
  values: typeof users.$inferInsert,
): Promise<UserRow | undefined> {
  const [row] = await db.insert(users).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updatePasswordHash(db: Database, userId: string, passwordHash: string) {
  await db.update(users).set({ passwordHash, passwordChangedAt: new Date() }).where(eq(users.id, userId));
}

export async function insertSession(db: Database, values: typeof sessions.$inferInsert): Promise<SessionRow> {
  const [row] = await db.insert(sessions).values(values).returning();
  if (!row) throw new Error('session insert returned no row');
  return row;
}

function prepareSessionLookup(db: Database) {
  return db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('session_with_user');
}

// Every signed-in request runs this lookup: built once per database, and prepared on the server.
const sessionLookups = new WeakMap<Database, ReturnType<typeof prepareSessionLookup>>();

export async function findSessionWithUser(db: Database, tokenHash: string) {
  let lookup = sessionLookups.get(db);
  if (!lookup) {
    lookup = prepareSessionLookup(db);
    sessionLookups.set(db, lookup);
  }
  const [row] = await lookup.execute({ tokenHash });
  return row;
}

export async function touchSession(db: Database, sessionId: string, at: Date) {
  await db.update(sessions).set({ lastUsedAt: at }).where(eq(sessions.id, sessionId));
}

/** Revokes a live session; false when it was already revoked (a concurrent rotation won). */
export async function revokeSession(db: Database, sessionId: string, reason: string): Promise<boolean> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return revoked.length > 0;
}

export async function revokeFamily(db: Database, familyId: string, reason: string) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.familyId, familyId), isNull(sessions.revokedAt)));
}

export async function revokeOtherSessions(
  db: Database,
  userId: string,
  keepSessionId: string,
  reason: string,
) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId), isNull(sessions.revokedAt)));
}

export async function recordAuthEvent(
  db: Database,
  type: AuthEventType,
  client: ClientInfo,
  subject: { userId?: string | null; email?: string | null },
) {
  await db.insert(authEvents).values({
    type,
    userId: subject.userId ?? null,
    email: subject.email?.toLowerCase() ?? null,
    ip: client.ip,
    userAgent: client.userAgent,
  });
}

export async function findThrottle(db: Database, email: string) {
  return db.query.loginThrottles.findFirst({ where: eq(loginThrottles.email, email.toLowerCase()) });
}

/** Counts a failure; returns the new count. */
export async function addLoginFailure(db: Database, email: string): Promise<number> {
  const [row] = await db
    .insert(loginThrottles)
    .values({ email: email.toLowerCase(), failures: 1 })
    .onConflictDoUpdate({
      target: loginThrottles.email,
      set: { failures: sql`${loginThrottles.failures} + 1`, updatedAt: new Date() },
    })
    .returning({ failures: loginThrottles.failures });
  return row?.failures ?? 1;
}

export async function lockLogin(db: Database, email: string, until: Date) {
  await db
    .update(loginThrottles)
    .set({ lockedUntil: until, failures: 0, updatedAt: new Date() })
    .where(eq(loginThrottles.email, email.toLowerCase()));
}

export async function clearLoginFailures(db: Database, email: string) {
  await db.delete(loginThrottles).where(eq(loginThrottles.email, email.toLowerCase()));
}
