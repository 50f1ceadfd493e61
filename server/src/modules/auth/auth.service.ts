import { randomUUID } from 'node:crypto';
import {
  permissionsFor,
  sessionEndedMessages,
  type LoginRequest,
  type RegisterRequest,
  type SessionEnded,
  type User,
} from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../plugins/errors.ts';
import type { SignedInSession } from '../../plugins/session.ts';
import * as repo from './auth.repo.ts';
import type { ClientInfo, SessionRow, UserRow } from './auth.repo.ts';
import { hashPassword, isCommonPassword, spendVerificationTime, verifyPassword } from './password.ts';
import {
  AttemptRefused,
  isKnownAddress,
  pruneThrottles,
  rememberAddress,
  releaseAttempt,
  reserveAttempt,
  scopes,
  type ThrottleScope,
} from './sign-in-throttle.ts';
import { createSessionCache } from './session-cache.ts';
import { openSuccessor, sealSuccessor } from './successor-seal.ts';
import { hashToken, newSessionToken } from './tokens.ts';

export interface SessionPolicy {
  idleMs: number;
  absoluteMs: number;
  /** How long a just-rotated token still gets its successor back (a retried or parallel refresh). */
  refreshGraceMs: number;
}

export interface AuthenticatedSession {
  user: UserRow;
  session: SessionRow;
}

// The session plugin carries what `authenticate` resolves; routes read the user and session rows from it.
declare module '../../plugins/session.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the merge adds the base type
  interface SignedInSession extends AuthenticatedSession {}
}

export interface IssuedSession {
  user: UserRow;
  token: string;
  session: SessionRow;
}

export const suspendedMessage =
  'This account is suspended, so it cannot sign in. If you think this is a mistake, contact the community admins.';

/** A suspended member's session is refused saying so, with the admin's reason (decision 0070). */
function suspension(user: UserRow): SessionEnded | null {
  return user.suspendedAt ? { cause: 'suspended', reason: user.suspendedReason } : null;
}

function suspendedSessionError(ended: SessionEnded): HttpError {
  return new HttpError(401, sessionEndedMessages[ended.cause]).endingSession(ended);
}

const touchEveryMs = 60_000;
const pruneThrottlesEveryMs = 10 * 60_000;
// A successor found through a seal may itself have been rotated within the window (a tab refreshing twice).
const maxSuccessorHops = 5;

export function assertAcceptablePassword(password: string) {
  if (isCommonPassword(password)) {
    throw new HttpError(
      400,
      'This password is too common and easy to guess. Choose a longer or less common one.',
    );
  }
}

export function tooManyAttempts(what: string, retryAt: Date): HttpError {
  const seconds = Math.max(1, Math.ceil((retryAt.getTime() - Date.now()) / 1000));
  const wait =
    seconds < 90 ? `${seconds} second${seconds === 1 ? '' : 's'}` : `${Math.ceil(seconds / 60)} minutes`;
  const error = new HttpError(429, `Too many ${what}. Try again in ${wait}.`, 'RATE_LIMITED');
  // The header says the exact wait; the message rounds long ones to minutes.
  return error.retryAfter(seconds);
}

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    permissions: permissionsFor(row.role, row.permissionOverrides),
    displayName: row.displayName,
    avatarUrl: row.avatarUrl,
    emailVerified: row.emailVerifiedAt !== null,
  };
}

export interface SessionCaching {
  ttlMs: number;
  maxEntries: number;
  /** Whether entries may be served now: only while changes reach this instance (its listener is up). */
  active(): boolean;
}

export function createAuthService(
  db: Database,
  policy: SessionPolicy,
  caching?: SessionCaching,
  onMemberDeleting?: repo.MemberDeleting,
) {
  let throttlesPrunedAt = 0;
  const sessionCache = createSessionCache<AuthenticatedSession & SignedInSession>({
    ttlMs: caching?.ttlMs ?? 0,
    maxEntries: caching?.maxEntries ?? 0,
  });

  /** Looks the session up, from memory while caching is active; the row is the database's otherwise. */
  async function findSession(tokenHash: string, now: number) {
    const cacheable = caching?.active() ?? false;
    if (!cacheable) sessionCache.clear();
    const cached = cacheable ? sessionCache.get(tokenHash, now) : null;
    if (cached) return cached;
    const lookupStarted = sessionCache.epoch();
    const found = await repo.findSessionWithUser(db, tokenHash);
    if (!found) return null;
    const resolved = { ...found, publicUser: toUser(found.user) };
    if (cacheable && isLive(found.session, now) && !found.user.suspendedAt) {
      sessionCache.set(tokenHash, found.user.id, resolved, now, lookupStarted);
    }
    return resolved;
  }

  function newSessionValues(user: UserRow, client: ClientInfo, familyId: string, token: string) {
    return {
      userId: user.id,
      familyId,
      tokenHash: hashToken(token),
      absoluteExpiresAt: new Date(Date.now() + policy.absoluteMs),
      ip: client.ip,
      userAgent: client.userAgent,
    };
  }

  async function issueSession(user: UserRow, client: ClientInfo) {
    const token = newSessionToken();
    const session = await repo.insertSession(db, newSessionValues(user, client, randomUUID(), token));
    return { user, token, session } satisfies IssuedSession;
  }

  /**
   * The scopes a sign-in attempt is counted in. An address the account has signed in from skips the
   * account-wide scope, so a stranger's failures elsewhere never hold the owner back there.
   */
  async function signInScopes(email: string, user: UserRow | undefined, client: ClientInfo, now: Date) {
    const pair = scopes.pair(client.ip, email);
    const all: ThrottleScope[] = [scopes.address(client.ip), pair];
    if (!user || !(await isKnownAddress(db, user.id, client.ip, now))) all.push(scopes.account(email));
    return { all, pair };
  }

  async function pruneThrottlesNowAndThen(now: Date) {
    if (now.getTime() - throttlesPrunedAt < pruneThrottlesEveryMs) return;
    throttlesPrunedAt = now.getTime();
    await pruneThrottles(db, now);
  }

  /**
   * The live successor of a token rotated within the grace window, opened from its seal (following a
   * successor that was itself rotated within the window); null when there is none.
   */
  async function successorOf(token: string, session: SessionRow, hops = 0): Promise<IssuedSession | null> {
    const now = Date.now();
    if (
      hops >= maxSuccessorHops ||
      session.revokedReason !== 'rotated' ||
      !session.successorSealed ||
      !session.revokedAt ||
      session.revokedAt.getTime() + policy.refreshGraceMs <= now
    ) {
      return null;
    }
    const successorToken = openSuccessor(token, session.id, session.successorSealed);
    if (!successorToken) return null;
    const found = await repo.findSessionWithUser(db, hashToken(successorToken));
    if (!found) return null;
    if (isLive(found.session, now))
      return { user: found.user, token: successorToken, session: found.session };
    return successorOf(successorToken, found.session, hops + 1);
  }

  function isLive(session: SessionRow, now: number) {
    return (
      session.revokedAt === null &&
      session.absoluteExpiresAt.getTime() > now &&
      session.lastUsedAt.getTime() + policy.idleMs > now
    );
  }

  /** The signed-in user's password, checked under the same throttle for every action that asks for it. */
  async function confirmCurrentPassword(current: AuthenticatedSession, password: string, client: ClientInfo) {
    const subject = { userId: current.user.id, email: current.user.email };
    const check = scopes.passwordCheck(current.user.id);
    try {
      await reserveAttempt(db, [check], new Date());
    } catch (error) {
      if (!(error instanceof AttemptRefused)) throw error;
      await repo.recordAuthEvent(db, 'password.throttled', client, subject);
      throw tooManyAttempts('incorrect current-password attempts', error.retryAt);
    }
    if (!(await verifyPassword(current.user.passwordHash, password))) {
      await repo.recordAuthEvent(db, 'password.failure', client, subject);
      throw new HttpError(400, 'Your current password is not correct.');
    }
    await releaseAttempt(db, [check], [check]);
  }

  return {
    confirmCurrentPassword,

    async register(input: RegisterRequest, client: ClientInfo): Promise<IssuedSession> {
      assertAcceptablePassword(input.password);
      const user = await repo.insertUser(db, {
        email: input.email,
        displayName: input.displayName,
        passwordHash: await hashPassword(input.password),
      });
      if (!user) {
        throw new HttpError(
          409,
          'We could not create an account with these details. If you already have one, sign in instead.',
        );
      }
      await rememberAddress(db, user.id, client.ip, new Date());
      await repo.recordAuthEvent(db, 'register', client, { userId: user.id, email: user.email });
      return issueSession(user, client);
    },

    async login(input: LoginRequest, client: ClientInfo): Promise<IssuedSession> {
      const now = new Date();
      const user = await repo.findUserByEmail(db, input.email);
      const subject = { userId: user?.id, email: input.email };
      const attemptScopes = await signInScopes(input.email, user, client, now);
      // Counted before the password is checked, so parallel guesses cannot all slip under the limit.
      try {
        await reserveAttempt(db, attemptScopes.all, now);
      } catch (error) {
        if (!(error instanceof AttemptRefused)) throw error;
        await repo.recordAuthEvent(db, 'login.throttled', client, subject);
        // The same answer whether or not the email has an account.
        throw tooManyAttempts('sign-in attempts', error.retryAt);
      }
      const valid = user
        ? await verifyPassword(user.passwordHash, input.password)
        : (await spendVerificationTime(input.password), false);
      if (!user || !valid) {
        await repo.recordAuthEvent(db, 'login.failure', client, subject);
        await pruneThrottlesNowAndThen(now);
        // The same answer whether or not the email has an account.
        throw new HttpError(401, 'Incorrect email or password.');
      }
      await releaseAttempt(db, attemptScopes.all, [attemptScopes.pair]);
      // Told only after the password proved it is the owner asking.
      const suspended = suspension(user);
      if (suspended) {
        await repo.recordAuthEvent(db, 'login.suspended', client, subject);
        // With the admin's reason, as a session ended by the suspension is told (decision 0070).
        throw new HttpError(403, suspendedMessage).endingSession(suspended);
      }
      await rememberAddress(db, user.id, client.ip, now);
      await repo.recordAuthEvent(db, 'login.success', client, { userId: user.id, email: user.email });
      return issueSession(user, client);
    },

    /**
     * A member who proved who they are with a passkey (decision 0108): refused as a password sign-in is
     * when suspended, and given the same session, remembered address and `login.success` event.
     */
    async signInWithPasskey(user: UserRow, client: ClientInfo): Promise<IssuedSession> {
      const subject = { userId: user.id, email: user.email };
      const suspended = suspension(user);
      if (suspended) {
        await repo.recordAuthEvent(db, 'login.suspended', client, subject);
        throw new HttpError(403, suspendedMessage).endingSession(suspended);
      }
      await rememberAddress(db, user.id, client.ip, new Date());
      await repo.recordAuthEvent(db, 'login.success', client, subject);
      return issueSession(user, client);
    },

    /** The live session a token belongs to, or null. Marks it used (at most once a minute). */
    async authenticate(token: string): Promise<SignedInSession | null> {
      const now = Date.now();
      const found = await findSession(hashToken(token), now);
      // Suspension revokes every session; this also holds if one slipped through (a refresh racing it).
      if (!found || !isLive(found.session, now) || found.user.suspendedAt) return null;
      if (now - found.session.lastUsedAt.getTime() > touchEveryMs) {
        // The cached copy too, so the idle limit counts from this use.
        found.session.lastUsedAt = new Date(now);
        await repo.touchSession(db, found.session.id, found.session.lastUsedAt);
      }
      return found;
    },

    /**
     * Why a token that does not sign in was refused, when the member may be told: their account is
     * suspended (only the token's owner learns it, and only what the admin wrote for them).
     */
    async whyRefused(token: string): Promise<SessionEnded | null> {
      const found = await repo.findSessionWithUser(db, hashToken(token));
      return found ? suspension(found.user) : null;
    },

    /**
     * Forgets a member's cached sessions: called where this instance changed them, so its next request
     * reads the database; other instances hear of it from migration 0015's triggers (`forgetUser` too).
     */
    forgetUser(userId: string) {
      sessionCache.forgetUser(userId);
    },

    /** Forgets every cached session (a bulk change to members). */
    forgetAllSessions() {
      sessionCache.clear();
    },

    /**
     * Swaps a live token for a new one in the same family. A token rotated less than `refreshGraceMs` ago
     * gets the same successor again (a retry, or two tabs). Presented later, it was copied: the whole
     * family is revoked, signing out both the thief and the owner.
     */
    async refresh(token: string, client: ClientInfo): Promise<IssuedSession> {
      const found = await repo.findSessionWithUser(db, hashToken(token));
      if (!found) throw new HttpError(401);
      const { session, user } = found;
      const subject = { userId: user.id, email: user.email };
      const suspended = suspension(user);
      if (suspended) throw suspendedSessionError(suspended);
      if (session.revokedReason === 'rotated') {
        const successor = await successorOf(token, session);
        if (successor) {
          await repo.recordAuthEvent(db, 'refresh.retry', client, subject);
          return successor;
        }
        await repo.revokeFamily(db, session.familyId, 'reuse-detected');
        sessionCache.forgetUser(user.id);
        await repo.recordAuthEvent(db, 'refresh.reuse', client, subject);
        throw new HttpError(401);
      }
      if (!isLive(session, Date.now())) throw new HttpError(401);
      const successorToken = newSessionToken();
      const successor = await repo.rotateSession(
        db,
        session,
        newSessionValues(user, client, session.familyId, successorToken),
        sealSuccessor(token, session.id, successorToken),
        new Date(Date.now() - policy.refreshGraceMs),
      );
      // The rotated token no longer signs anything in (only refresh hands back its successor).
      sessionCache.forgetUser(user.id);
      if (!successor) {
        // A parallel refresh of the same token rotated it first: converge on its successor.
        const rotated = await repo.findSessionWithUser(db, hashToken(token));
        const converged = rotated && (await successorOf(token, rotated.session));
        if (!converged) throw new HttpError(401);
        await repo.recordAuthEvent(db, 'refresh.retry', client, subject);
        return converged;
      }
      await repo.recordAuthEvent(db, 'refresh', client, subject);
      return { user, token: successorToken, session: successor };
    },

    async logout(current: AuthenticatedSession | null, client: ClientInfo) {
      if (!current) return;
      await repo.revokeSession(db, current.session.id, 'logout');
      sessionCache.forgetUser(current.user.id);
      await repo.recordAuthEvent(db, 'logout', client, {
        userId: current.user.id,
        email: current.user.email,
      });
    },

    /** Changes the password and signs out every other session of the user. */
    async changePassword(
      current: AuthenticatedSession,
      input: { currentPassword: string; newPassword: string },
      client: ClientInfo,
    ) {
      if (input.newPassword === input.currentPassword) {
        throw new HttpError(400, 'Choose a new password that is different from your current one.');
      }
      assertAcceptablePassword(input.newPassword);
      await confirmCurrentPassword(current, input.currentPassword, client);
      await repo.updatePasswordHash(db, current.user.id, await hashPassword(input.newPassword));
      await repo.revokeOtherSessions(db, current.user.id, current.session.id, 'password-changed');
      sessionCache.forgetUser(current.user.id);
      await repo.recordAuthEvent(db, 'password.change', client, {
        userId: current.user.id,
        email: current.user.email,
      });
    },

    /** The devices signed in to this account: live sessions, most recently used first. */
    listSessions(userId: string) {
      return repo.listLiveSessions(db, userId, new Date(Date.now() - policy.idleMs));
    },

    /** Signs out one of the user's sessions (any device); false when it is not theirs or already over. */
    async signOutSession(current: AuthenticatedSession, sessionId: string, client: ClientInfo) {
      const revoked = await repo.revokeOwnSession(db, current.user.id, sessionId);
      sessionCache.forgetUser(current.user.id);
      if (revoked) {
        await repo.recordAuthEvent(db, 'logout', client, {
          userId: current.user.id,
          email: current.user.email,
        });
      }
      return revoked;
    },

    /**
     * Deletes the account once its password is confirmed: the user row goes, and with it (by cascade)
     * every session and everything the member owns; content others see keeps a "Former member" author.
     */
    async deleteAccount(current: AuthenticatedSession, password: string, client: ClientInfo) {
      await confirmCurrentPassword(current, password, client);
      await repo.recordAuthEvent(db, 'account.delete', client, { userId: null, email: null });
      await repo.deleteUser(db, current.user.id, onMemberDeleting);
      sessionCache.forgetUser(current.user.id);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
