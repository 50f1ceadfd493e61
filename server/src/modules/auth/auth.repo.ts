import { TransactionRollbackError, and, desc, eq, gt, isNotNull, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import { authEvents, passwordResets, sessions, users } from '../../db/schema.ts';

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type AuthEventType =
  | 'register'
  | 'login.success'
  | 'login.failure'
  /** Refused before the password was checked: too many recent attempts (docs/decisions/0011). */
  | 'login.throttled'
  /** The right password for an account an admin suspended: refused. */
  | 'login.suspended'
  | 'logout'
  | 'refresh'
  /** A just-rotated token presented again within the grace window: answered with the same successor. */
  | 'refresh.retry'
  | 'refresh.reuse'
  | 'password.change'
  | 'password.failure'
  | 'password.throttled'
  /** Recorded without the user or email: the account and its personal data are gone. */
  | 'account.delete'
  /** A reset link asked for an email, whether or not it has an account (only the email is kept). */
  | 'password.reset.request'
  | 'password.reset.throttled'
  /** A new password set with a reset link: every session ended. */
  | 'password.reset'
  /** A reset link presented that is unknown, used or expired. */
  | 'password.reset.invalid'
  /** A verification link, again or for a new address, refused by its throttle. */
  | 'email.mail.throttled'
  /** A new address asked for (password confirmed): a link went to it, a notice to the old one. */
  | 'email.change.request'
  /** A link followed: its address is the account's verified email now. */
  | 'email.verify'
  /** A verification link presented that is unknown, used, expired, or for an address taken meanwhile. */
  | 'email.verify.invalid'
  /** A passkey added in settings, or removed (decision 0108). */
  | 'passkey.add'
  | 'passkey.remove'
  /** A passkey presented at sign-in that is unknown, fails its check, or answers a used or expired challenge. */
  | 'passkey.failure';

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

// Every signed-in request runs this lookup: built once per database, and prepared on the server.
const sessionLookup = preparedPerDatabase((db) =>
  db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('session_with_user'),
);

export async function findSessionWithUser(db: Database, tokenHash: string) {
  const [row] = await sessionLookup(db).execute({ tokenHash });
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

/**
 * Rotates `old` into a new session of the same family, in one transaction: the new row exists by the time
 * anyone sees the old one rotated with its sealed successor. Undefined when a parallel rotation won.
 */
export async function rotateSession(
  db: Database,
  old: SessionRow,
  successor: typeof sessions.$inferInsert,
  successorSealed: string,
  sealsExpireBefore: Date,
): Promise<SessionRow | undefined> {
  try {
    return await db.transaction(async (tx) => {
      const [inserted] = await tx.insert(sessions).values(successor).returning();
      // Waits for a parallel rotation of the same row to finish, then sees it revoked and matches nothing.
      const rotated = await tx
        .update(sessions)
        .set({ revokedAt: new Date(), revokedReason: 'rotated', successorSealed })
        .where(and(eq(sessions.id, old.id), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      if (rotated.length === 0) tx.rollback();
      // Seals past their grace window are no longer needed by anyone.
      await tx
        .update(sessions)
        .set({ successorSealed: null })
        .where(
          and(
            eq(sessions.familyId, old.familyId),
            isNotNull(sessions.successorSealed),
            lt(sessions.revokedAt, sealsExpireBefore),
          ),
        );
      return inserted;
    });
  } catch (error) {
    if (error instanceof TransactionRollbackError) return undefined;
    throw error;
  }
}

/** Revokes every session of the family and drops their sealed successors. */
export async function revokeFamily(db: Database, familyId: string, reason: string) {
  await db
    .update(sessions)
    .set({
      revokedAt: sql`coalesce(${sessions.revokedAt}, ${new Date().toISOString()}::timestamptz)`,
      revokedReason: sql`coalesce(${sessions.revokedReason}, ${reason})`,
      successorSealed: null,
    })
    .where(eq(sessions.familyId, familyId));
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

/** The user's sessions that still work, most recently used first (the signed-in devices list). */
export function listLiveSessions(db: Database, userId: string, idleSince: Date) {
  return db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.absoluteExpiresAt, new Date()),
        gt(sessions.lastUsedAt, idleSince),
      ),
    )
    .orderBy(desc(sessions.lastUsedAt));
}

/** Signs one of the user's own sessions out, with its whole family (tokens rotated from it). */
export async function revokeOwnSession(db: Database, userId: string, sessionId: string): Promise<boolean> {
  const [row] = await db
    .select({ familyId: sessions.familyId })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  if (!row) return false;
  await revokeFamily(db, row.familyId, 'signed-out-remotely');
  return true;
}

/**
 * Told inside the transaction that deletes a member, before their row goes: what other modules keep about
 * them that the cascade would not reach (notifications quoting them, decision 0110) goes in the same commit.
 */
export type MemberDeleting = (tx: Pick<Database, 'execute'>, userId: string) => Promise<void>;

/**
 * Deletes the user; their rows in other tables go by cascade (or keep a null author). The security log
 * keeps its events for the admin charts, without the address or email that would say whose they were.
 */
export async function deleteUser(db: Database, userId: string, onDeleting?: MemberDeleting) {
  await db.transaction(async (tx) => {
    await onDeleting?.(tx, userId);
    await tx
      .update(authEvents)
      .set({ email: null, ip: null, userAgent: null })
      .where(eq(authEvents.userId, userId));
    await tx.delete(users).where(eq(users.id, userId));
  });
}

export async function insertPasswordReset(db: Database, values: typeof passwordResets.$inferInsert) {
  await db.insert(passwordResets).values(values);
}

/**
 * Spends a reset link: marks it used if it is open and not expired at `now`, in one statement, so two
 * parallel uses cannot both pass. Returns its user's id, or undefined.
 */
export async function spendPasswordReset(db: Database, tokenHash: string, now: Date) {
  const [row] = await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, now),
      ),
    )
    .returning({ userId: passwordResets.userId });
  return row?.userId;
}

/**
 * The new password from a reset link, in one transaction: the hash, every other open link of the member
 * closed, every session ended (whoever knew the old password is out).
 */
export async function resetPassword(db: Database, userId: string, passwordHash: string, now: Date) {
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, passwordChangedAt: now }).where(eq(users.id, userId));
    await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
    await tx
      .update(sessions)
      .set({ revokedAt: now, revokedReason: 'password-reset' })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  });
}
