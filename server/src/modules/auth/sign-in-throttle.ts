import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { signInAddresses, signInThrottles } from '../../db/schema.ts';

/**
 * How many attempts one scope gets: `freeAttempts` in a row, then each further attempt waits a delay
 * that starts at `firstDelayMs` and doubles up to `maxDelayMs`. A scope quiet for `forgetAfterMs` starts
 * afresh. Why these scopes and numbers: docs/decisions/0011-sign-in-throttling.md.
 */
export interface ThrottleRule {
  freeAttempts: number;
  firstDelayMs: number;
  maxDelayMs: number;
  forgetAfterMs: number;
}

const minute = 60_000;
const hour = 60 * minute;

export const throttleRules = {
  /** One address trying many accounts (password spraying). */
  address: { freeAttempts: 30, firstDelayMs: minute, maxDelayMs: hour, forgetAfterMs: hour },
  /** One address guessing one account: the owner's own typos only ever slow the owner's own address. */
  pair: { freeAttempts: 5, firstDelayMs: minute, maxDelayMs: hour, forgetAfterMs: 24 * hour },
  /**
   * Every address guessing one account (a botnet). Short delays, capped, never a lock: addresses the
   * account has signed in from are spared it, so a stranger cannot keep the owner out.
   */
  account: { freeAttempts: 5, firstDelayMs: 1000, maxDelayMs: 15 * minute, forgetAfterMs: 24 * hour },
  /** Current-password checks of one signed-in account (a stolen session trying to take the account). */
  passwordCheck: { freeAttempts: 5, firstDelayMs: minute, maxDelayMs: hour, forgetAfterMs: 24 * hour },
  /** Password-reset links asked from one address, for any addresses (issue 47.2, decision 0059). */
  resetAddress: { freeAttempts: 10, firstDelayMs: minute, maxDelayMs: hour, forgetAfterMs: hour },
  /** Reset links asked for one email: each is a mail, so a few a day, never a flood of someone's inbox. */
  resetAccount: { freeAttempts: 3, firstDelayMs: 5 * minute, maxDelayMs: hour, forgetAfterMs: 24 * hour },
  /** Verification links a signed-in member asks for, again or for a new address (decision 0084). */
  verificationMail: { freeAttempts: 3, firstDelayMs: 5 * minute, maxDelayMs: hour, forgetAfterMs: 24 * hour },
} satisfies Record<string, ThrottleRule>;

/** Signing in from the same address within this time spares the account-wide delay. */
const knownAddressMs = 90 * 24 * hour;

export interface ThrottleScope {
  key: string;
  rule: ThrottleRule;
}

export const scopes = {
  address: (ip: string): ThrottleScope => ({ key: `address:${ip}`, rule: throttleRules.address }),
  pair: (ip: string, email: string): ThrottleScope => ({
    key: `pair:${ip}:${email.toLowerCase()}`,
    rule: throttleRules.pair,
  }),
  account: (email: string): ThrottleScope => ({
    key: `account:${email.toLowerCase()}`,
    rule: throttleRules.account,
  }),
  resetAddress: (ip: string): ThrottleScope => ({
    key: `reset-address:${ip}`,
    rule: throttleRules.resetAddress,
  }),
  resetAccount: (email: string): ThrottleScope => ({
    key: `reset-account:${email.toLowerCase()}`,
    rule: throttleRules.resetAccount,
  }),
  verificationMail: (userId: string): ThrottleScope => ({
    key: `verification-mail:${userId}`,
    rule: throttleRules.verificationMail,
  }),
  passwordCheck: (userId: string): ThrottleScope => ({
    key: `password:${userId}`,
    rule: throttleRules.passwordCheck,
  }),
  /** One passkey presented from one address: the passkey counterpart of `pair` (decision 0108). */
  passkey: (ip: string, credentialId: string): ThrottleScope => ({
    key: `passkey:${ip}:${credentialId}`,
    rule: throttleRules.pair,
  }),
};

/** An attempt refused before any password was checked, and when the scope opens again. */
export class AttemptRefused extends Error {
  readonly retryAt: Date;
  constructor(retryAt: Date) {
    super('attempt refused by throttle');
    this.retryAt = retryAt;
  }
}

/** The time the scope is held back after its `attempts`-th attempt (SQL, so it is decided in one statement). */
function blockedUntilAfter(attempts: ReturnType<typeof sql>, rule: ThrottleRule, now: Date) {
  // The exponent is capped so that power() cannot overflow on a long-running attack.
  return sql`case when ${attempts} >= ${rule.freeAttempts}
    then ${now.toISOString()}::timestamptz + least(${rule.maxDelayMs}::float8,
      ${rule.firstDelayMs}::float8 * power(2, least(${attempts} - ${rule.freeAttempts}, 40))) * interval '1 millisecond'
    end`;
}

/**
 * Counts one attempt in the scope, unless the scope is held back. One upsert decides and counts under the
 * row's lock, so parallel attempts are numbered one by one and cannot all pass. Returns the refusal's
 * reopening time, or null when the attempt was counted.
 */
async function reserve(
  db: Pick<Database, 'insert' | 'query'>,
  scope: ThrottleScope,
  now: Date,
): Promise<Date | null> {
  const forgotten = sql`${signInThrottles.lastAttemptAt} <= ${new Date(now.getTime() - scope.rule.forgetAfterMs).toISOString()}::timestamptz`;
  const next = sql`(case when ${forgotten} then 1 else ${signInThrottles.attempts} + 1 end)`;
  const counted = await db
    .insert(signInThrottles)
    .values({
      scope: scope.key,
      attempts: 1,
      blockedUntil: blockedUntilAfter(sql`1`, scope.rule, now),
      lastAttemptAt: now,
    })
    .onConflictDoUpdate({
      target: signInThrottles.scope,
      set: { attempts: next, blockedUntil: blockedUntilAfter(next, scope.rule, now), lastAttemptAt: now },
      setWhere: sql`${signInThrottles.blockedUntil} is null or ${signInThrottles.blockedUntil} <= ${now.toISOString()}::timestamptz`,
    })
    .returning({ attempts: signInThrottles.attempts });
  if (counted.length > 0) return null;
  const row = await db.query.signInThrottles.findFirst({ where: eq(signInThrottles.scope, scope.key) });
  return row?.blockedUntil ?? now;
}

/**
 * Counts one attempt in every scope, all or none: when one scope refuses, the others are not charged
 * (an owner held back by a stranger's account-wide delay does not pile up failures of their own).
 * Throws AttemptRefused.
 */
export async function reserveAttempt(db: Database, attemptScopes: ThrottleScope[], now: Date) {
  await db.transaction(async (tx) => {
    for (const scope of attemptScopes) {
      const refusedUntil = await reserve(tx, scope, now);
      if (refusedUntil) throw new AttemptRefused(refusedUntil);
    }
  });
}

/**
 * The attempt succeeded: it no longer counts. The pair's slate is wiped (the same person just proved the
 * password); the address and account only lose this attempt, so a success does not reset the count of a
 * stranger's failures.
 */
export async function releaseAttempt(db: Database, attemptScopes: ThrottleScope[], wipe: ThrottleScope[]) {
  for (const scope of attemptScopes) {
    if (wipe.includes(scope)) {
      await db.delete(signInThrottles).where(eq(signInThrottles.scope, scope.key));
    } else {
      await db
        .update(signInThrottles)
        .set({ attempts: sql`greatest(${signInThrottles.attempts} - 1, 0)` })
        .where(eq(signInThrottles.scope, scope.key));
    }
  }
}

/** Forgets scopes that have been quiet longer than any rule remembers. */
export async function pruneThrottles(db: Database, now: Date) {
  const longest = Math.max(...Object.values(throttleRules).map((rule) => rule.forgetAfterMs));
  await db
    .delete(signInThrottles)
    .where(lt(signInThrottles.lastAttemptAt, new Date(now.getTime() - longest)));
}

export async function isKnownAddress(db: Database, userId: string, ip: string, now: Date): Promise<boolean> {
  const row = await db.query.signInAddresses.findFirst({
    where: and(
      eq(signInAddresses.userId, userId),
      eq(signInAddresses.ip, ip),
      sql`${signInAddresses.lastSignedInAt} > ${new Date(now.getTime() - knownAddressMs).toISOString()}::timestamptz`,
    ),
  });
  return row !== undefined;
}

export async function rememberAddress(db: Database, userId: string, ip: string, now: Date) {
  await db
    .insert(signInAddresses)
    .values({ userId, ip, lastSignedInAt: now })
    .onConflictDoUpdate({
      target: [signInAddresses.userId, signInAddresses.ip],
      set: { lastSignedInAt: now },
    });
}
