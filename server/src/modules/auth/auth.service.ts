import { randomUUID } from 'node:crypto';
import { permissionsFor, type LoginRequest, type RegisterRequest, type User } from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../plugins/errors.ts';
import * as repo from './auth.repo.ts';
import type { ClientInfo, SessionRow, UserRow } from './auth.repo.ts';
import { hashPassword, isCommonPassword, spendVerificationTime, verifyPassword } from './password.ts';
import { hashToken, newSessionToken } from './tokens.ts';

export interface SessionPolicy {
  idleMs: number;
  absoluteMs: number;
  lockoutThreshold: number;
  lockoutMs: number;
}

export interface AuthenticatedSession {
  user: UserRow;
  session: SessionRow;
}

export interface IssuedSession {
  user: UserRow;
  token: string;
  session: SessionRow;
}

const touchEveryMs = 60_000;

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    permissions: permissionsFor(row.role, row.permissionOverrides),
    displayName: row.displayName,
    avatarUrl: row.avatarUrl,
  };
}

export function createAuthService(db: Database, policy: SessionPolicy) {
  async function issueSession(user: UserRow, client: ClientInfo, familyId: string = randomUUID()) {
    const token = newSessionToken();
    const session = await repo.insertSession(db, {
      userId: user.id,
      familyId,
      tokenHash: hashToken(token),
      absoluteExpiresAt: new Date(Date.now() + policy.absoluteMs),
      ip: client.ip,
      userAgent: client.userAgent,
    });
    return { user, token, session } satisfies IssuedSession;
  }

  function isLive(session: SessionRow, now: number) {
    return (
      session.revokedAt === null &&
      session.absoluteExpiresAt.getTime() > now &&
      session.lastUsedAt.getTime() + policy.idleMs > now
    );
  }

  function assertAcceptablePassword(password: string) {
    if (isCommonPassword(password)) {
      throw new HttpError(
        400,
        'This password is too common and easy to guess. Choose a longer or less common one.',
      );
    }
  }

  return {
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
      await repo.recordAuthEvent(db, 'register', client, { userId: user.id, email: user.email });
      return issueSession(user, client);
    },

    async login(input: LoginRequest, client: ClientInfo): Promise<IssuedSession> {
      const throttle = await repo.findThrottle(db, input.email);
      if (throttle?.lockedUntil && throttle.lockedUntil.getTime() > Date.now()) {
        await repo.recordAuthEvent(db, 'login.locked', client, { email: input.email });
        const minutes = Math.ceil((throttle.lockedUntil.getTime() - Date.now()) / 60_000);
        throw new HttpError(
          429,
          `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
          'RATE_LIMITED',
        );
      }
      const user = await repo.findUserByEmail(db, input.email);
      const valid = user
        ? await verifyPassword(user.passwordHash, input.password)
        : (await spendVerificationTime(input.password), false);
      if (!user || !valid) {
        const failures = await repo.addLoginFailure(db, input.email);
        await repo.recordAuthEvent(db, 'login.failure', client, { userId: user?.id, email: input.email });
        if (failures >= policy.lockoutThreshold) {
          await repo.lockLogin(db, input.email, new Date(Date.now() + policy.lockoutMs));
          await repo.recordAuthEvent(db, 'login.locked', client, { userId: user?.id, email: input.email });
        }
        // The same answer whether or not the email has an account.
        throw new HttpError(401, 'Incorrect email or password.');
      }
      await repo.clearLoginFailures(db, input.email);
      await repo.recordAuthEvent(db, 'login.success', client, { userId: user.id, email: user.email });
      return issueSession(user, client);
    },

    /** The live session a token belongs to, or null. Marks it used (at most once a minute). */
    async authenticate(token: string): Promise<AuthenticatedSession | null> {
      const found = await repo.findSessionWithUser(db, hashToken(token));
      const now = Date.now();
      if (!found || !isLive(found.session, now)) return null;
      if (now - found.session.lastUsedAt.getTime() > touchEveryMs) {
        await repo.touchSession(db, found.session.id, new Date(now));
      }
      return found;
    },

    /**
     * Swaps a live token for a new one in the same family. Presenting a token that was already rotated
     * means it was copied: the whole family is revoked, signing out both the thief and the owner.
     */
    async refresh(token: string, client: ClientInfo): Promise<IssuedSession> {
      const found = await repo.findSessionWithUser(db, hashToken(token));
      if (!found) throw new HttpError(401);
      const { session, user } = found;
      if (session.revokedReason === 'rotated') {
        await repo.revokeFamily(db, session.familyId, 'reuse-detected');
        await repo.recordAuthEvent(db, 'refresh.reuse', client, { userId: user.id, email: user.email });
        throw new HttpError(401);
      }
      if (!isLive(session, Date.now())) throw new HttpError(401);
      if (!(await repo.revokeSession(db, session.id, 'rotated'))) throw new HttpError(401);
      const issued = await issueSession(user, client, session.familyId);
      await repo.recordAuthEvent(db, 'refresh', client, { userId: user.id, email: user.email });
      return issued;
    },

    async logout(current: AuthenticatedSession | null, client: ClientInfo) {
      if (!current) return;
      await repo.revokeSession(db, current.session.id, 'logout');
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
      if (!(await verifyPassword(current.user.passwordHash, input.currentPassword))) {
        throw new HttpError(400, 'Your current password is not correct.');
      }
      assertAcceptablePassword(input.newPassword);
      await repo.updatePasswordHash(db, current.user.id, await hashPassword(input.newPassword));
      await repo.revokeOtherSessions(db, current.user.id, current.session.id, 'password-changed');
      await repo.recordAuthEvent(db, 'password.change', client, {
        userId: current.user.id,
        email: current.user.email,
      });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
