import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL, isoUint8Array } from '@simplewebauthn/server/helpers';
import { and, asc, eq, isNull, lt } from 'drizzle-orm';
import { passkeyLimits, type Passkey, type PasskeyRegistration, type PasskeySignIn } from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import { passkeys, users, webauthnChallenges } from '../../db/schema.ts';
import { HttpError } from '../../plugins/errors.ts';
import { productName } from '../mail/index.ts';
import * as repo from './auth.repo.ts';
import type { ClientInfo, UserRow } from './auth.repo.ts';
import { tooManyAttempts, type AuthService, type IssuedSession } from './auth.service.ts';
import { AttemptRefused, releaseAttempt, reserveAttempt, scopes } from './sign-in-throttle.ts';

/** How long the browser has to answer a challenge: the WebAuthn prompt's own timeout, with some slack. */
export const challengeLifetimeMs = 5 * 60_000;

export const passkeyMessages = {
  challenge: 'This passkey request has expired or was already used. Try again.',
  unknown: 'This passkey is not registered here. Sign in with your password, or choose another passkey.',
  failed: 'This passkey could not be checked. Try again, or sign in with your password.',
  duplicate: 'This passkey is already registered.',
  tooMany: `You have ${passkeyLimits.perMember} passkeys already: remove one first.`,
  notFound: 'You have no passkey with that id.',
};

type PasskeyRow = typeof passkeys.$inferSelect;

const toPasskey = (row: PasskeyRow): Passkey => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  backedUp: row.backedUp,
});

/** The challenge a response answers, read from its client data (checked again by the library). */
function challengeOf(clientDataJSON: string): string | null {
  try {
    const data: unknown = JSON.parse(isoBase64URL.toUTF8String(clientDataJSON));
    const challenge = (data as { challenge?: unknown }).challenge;
    return typeof challenge === 'string' && challenge.length > 0 ? challenge : null;
  } catch {
    return null;
  }
}

/**
 * Passkeys (issue 47.5, decision 0108), with SimpleWebAuthn. Every challenge is stored here, taken once
 * (DELETE … RETURNING: of two uses, one wins) and only within `challengeLifetimeMs`; a registration's is
 * bound to the member who asked for it. The relying party is the app's public origin.
 */
export function createPasskeys(
  db: Database,
  { auth, publicOrigin }: { auth: Pick<AuthService, 'signInWithPasskey'>; publicOrigin: string },
) {
  const { origin: expectedOrigin, hostname: rpID } = new URL(publicOrigin);

  async function storeChallenge(
    challenge: string,
    purpose: 'registration' | 'authentication',
    userId?: string,
  ) {
    const now = Date.now();
    // Unanswered challenges go as new ones come: the table holds minutes of them, never a backlog.
    await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, new Date(now)));
    await db.insert(webauthnChallenges).values({
      challenge,
      purpose,
      userId: userId ?? null,
      expiresAt: new Date(now + challengeLifetimeMs),
    });
  }

  /** Takes the challenge a response answers, once; null when unknown, used, expired or someone else's. */
  async function takeChallenge(
    clientDataJSON: string,
    purpose: 'registration' | 'authentication',
    userId: string | null,
  ): Promise<string | null> {
    const challenge = challengeOf(clientDataJSON);
    if (!challenge) return null;
    const [row] = await db
      .delete(webauthnChallenges)
      .where(
        and(
          eq(webauthnChallenges.challenge, challenge),
          eq(webauthnChallenges.purpose, purpose),
          userId === null ? isNull(webauthnChallenges.userId) : eq(webauthnChallenges.userId, userId),
        ),
      )
      .returning();
    if (!row || row.expiresAt.getTime() <= Date.now()) return null;
    return challenge;
  }

  const ownPasskeys = (userId: string) =>
    db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt));

  return {
    async list(userId: string): Promise<Passkey[]> {
      return (await ownPasskeys(userId)).map(toPasskey);
    },

    /** Options for `navigator.credentials.create()`: a discoverable passkey that verifies the member. */
    async registrationOptions(user: UserRow) {
      const existing = await ownPasskeys(user.id);
      if (existing.length >= passkeyLimits.perMember) throw new HttpError(409, passkeyMessages.tooMany);
      const options = await generateRegistrationOptions({
        rpName: productName,
        rpID,
        userName: user.email,
        userDisplayName: user.displayName,
        // The member's id, so one authenticator keeps one passkey per member here (it replaces, not adds).
        userID: isoUint8Array.fromUTF8String(user.id),
        attestationType: 'none',
        excludeCredentials: existing.map((row) => ({
          id: row.credentialId,
          transports: row.transports as AuthenticatorTransport[],
        })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      });
      await storeChallenge(options.challenge, 'registration', user.id);
      return options;
    },

    async register(user: UserRow, body: PasskeyRegistration, client: ClientInfo): Promise<Passkey> {
      const response = body.response as unknown as RegistrationResponseJSON;
      const challenge = await takeChallenge(response.response.clientDataJSON, 'registration', user.id);
      if (!challenge) throw new HttpError(400, passkeyMessages.challenge);
      const verification = await verifyRegistrationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin,
        expectedRPID: rpID,
        requireUserVerification: true,
      }).catch(() => null);
      if (!verification?.verified) throw new HttpError(400, passkeyMessages.failed);
      const { credential, credentialBackedUp } = verification.registrationInfo;
      const [row] = await db
        .insert(passkeys)
        .values({
          userId: user.id,
          credentialId: credential.id,
          publicKey: isoBase64URL.fromBuffer(credential.publicKey),
          counter: credential.counter,
          transports: credential.transports ?? [],
          backedUp: credentialBackedUp,
          name: body.name ?? 'Passkey',
        })
        .onConflictDoNothing({ target: passkeys.credentialId })
        .returning();
      if (!row) throw new HttpError(409, passkeyMessages.duplicate);
      await repo.recordAuthEvent(db, 'passkey.add', client, { userId: user.id, email: user.email });
      return toPasskey(row);
    },

    /** Removes one of the member's own passkeys; another member's is as unknown as a missing one. */
    async remove(user: UserRow, id: string, client: ClientInfo): Promise<void> {
      const removed = await db
        .delete(passkeys)
        .where(and(eq(passkeys.id, id), eq(passkeys.userId, user.id)))
        .returning({ id: passkeys.id });
      if (removed.length === 0) throw new HttpError(404, passkeyMessages.notFound);
      await repo.recordAuthEvent(db, 'passkey.remove', client, { userId: user.id, email: user.email });
    },

    /** Options for `navigator.credentials.get()`: no list of passkeys, the browser offers the member's own. */
    async authenticationOptions() {
      const options = await generateAuthenticationOptions({ rpID, userVerification: 'required' });
      await storeChallenge(options.challenge, 'authentication');
      return options;
    },

    /**
     * Signs in with a passkey: throttled like a password (per address, and per passkey and address), the
     * challenge taken once, the signature and the counter checked, then the same session as a password's.
     */
    async signIn(body: PasskeySignIn, client: ClientInfo): Promise<IssuedSession> {
      const response = body.response as unknown as AuthenticationResponseJSON;
      const perPasskey = scopes.passkey(client.ip, response.id);
      const all = [scopes.address(client.ip), perPasskey];
      try {
        await reserveAttempt(db, all, new Date());
      } catch (error) {
        if (!(error instanceof AttemptRefused)) throw error;
        await repo.recordAuthEvent(db, 'login.throttled', client, {});
        throw tooManyAttempts('sign-in attempts', error.retryAt);
      }
      const refuse = async (message: string, userId?: string) => {
        await repo.recordAuthEvent(db, 'passkey.failure', client, { userId });
        return new HttpError(401, message);
      };
      const challenge = await takeChallenge(response.response.clientDataJSON, 'authentication', null);
      if (!challenge) throw await refuse(passkeyMessages.challenge);
      const [found] = await db
        .select({ passkey: passkeys, user: users })
        .from(passkeys)
        .innerJoin(users, eq(users.id, passkeys.userId))
        .where(eq(passkeys.credentialId, response.id));
      if (!found) throw await refuse(passkeyMessages.unknown);
      const { passkey, user } = found;
      // Throws when the counter went backwards (a cloned authenticator), among its other checks.
      const verification = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin,
        expectedRPID: rpID,
        credential: {
          id: passkey.credentialId,
          publicKey: isoBase64URL.toBuffer(passkey.publicKey),
          counter: passkey.counter,
          transports: passkey.transports as AuthenticatorTransport[],
        },
        requireUserVerification: true,
      }).catch(() => null);
      if (!verification?.verified) throw await refuse(passkeyMessages.failed, user.id);
      // Only from the counter this check read: of two sign-ins replaying one answer, one moves it on.
      const moved = await db
        .update(passkeys)
        .set({ counter: verification.authenticationInfo.newCounter, lastUsedAt: new Date() })
        .where(and(eq(passkeys.id, passkey.id), eq(passkeys.counter, passkey.counter)))
        .returning({ id: passkeys.id });
      if (moved.length === 0) throw await refuse(passkeyMessages.failed, user.id);
      await releaseAttempt(db, all, [perPasskey]);
      return auth.signInWithPasskey(user, client);
    },
  };
}

export type Passkeys = ReturnType<typeof createPasskeys>;
