import type { PasswordResetConfirm } from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../plugins/errors.ts';
import type { Mail, MailMessage } from '../mail/index.ts';
import * as repo from './auth.repo.ts';
import type { ClientInfo } from './auth.repo.ts';
import { assertAcceptablePassword, tooManyAttempts } from './auth.service.ts';
import { hashPassword } from './password.ts';
import { AttemptRefused, releaseAttempt, reserveAttempt, scopes } from './sign-in-throttle.ts';
import { hashToken, newSessionToken } from './tokens.ts';

/** How long a reset link works, from the moment it was asked for. */
export const resetLinkLifetimeMs = 30 * 60_000;

export const resetMailKind = 'password-reset';

export const invalidLinkMessage =
  'This link has expired or has already been used. Ask for a new one: links work once, for 30 minutes.';

/** The job's data: who asked, about whom (an email typed on the sign-in screen, or an admin's member). */
type ResetJob =
  { by: 'self'; email: string; requestedAt: string } | { by: 'admin'; userId: string; requestedAt: string };

/**
 * Forgotten passwords (issue 47.2, decision 0059). Asking does the same work whatever the email: count it
 * in the throttles, record it, queue a job. Whether the email has an account is found out only by the
 * mail job, which mints the token then, stores its hash and sends the link: the token never reaches the
 * database or the queue.
 */
export function createPasswordResets(
  db: Database,
  { mail, forgetUser }: { mail: Mail; forgetUser: (userId: string) => void },
) {
  async function compose(job: ResetJob): Promise<MailMessage | null> {
    const user =
      job.by === 'self' ? await repo.findUserByEmail(db, job.email) : await repo.findUserById(db, job.userId);
    if (!user || user.suspendedAt) return null;
    const expiresAt = new Date(Date.parse(job.requestedAt) + resetLinkLifetimeMs);
    // A job that waited out the link's whole life (a long mail outage) would only send a dead link.
    if (expiresAt.getTime() <= Date.now()) return null;
    const token = newSessionToken();
    await repo.insertPasswordReset(db, {
      userId: user.id,
      tokenHash: hashToken(token),
      requestedBy: job.by,
      expiresAt,
    });
    return {
      security: true,
      to: user.email,
      recipientName: user.displayName,
      subject: 'Choose a new password',
      paragraphs: [
        job.by === 'admin'
          ? 'A community admin sent you this link so that you can choose a new password for your account.'
          : 'Someone, hopefully you, asked to choose a new password for your account.',
        'The link works once, for 30 minutes. Choosing a new password signs you out everywhere else.',
      ],
      // In the fragment, so the token never reaches a server log or a Referer header.
      action: { label: 'Choose a new password', url: mail.link(`/reset-password#token=${token}`) },
      footnote: 'If you did not ask for this, ignore this email: your password stays as it is.',
    };
  }
  mail.define<ResetJob>(resetMailKind, compose);

  return {
    /** Answers alike whether or not the email has an account; throws 429 once a throttle holds it back. */
    async request(email: string, client: ClientInfo) {
      const now = new Date();
      try {
        await reserveAttempt(db, [scopes.resetAddress(client.ip), scopes.resetAccount(email)], now);
      } catch (error) {
        if (!(error instanceof AttemptRefused)) throw error;
        await repo.recordAuthEvent(db, 'password.reset.throttled', client, { email });
        throw tooManyAttempts('password-reset requests', error.retryAt);
      }
      await repo.recordAuthEvent(db, 'password.reset.request', client, { email });
      await mail.enqueue(resetMailKind, { by: 'self', email, requestedAt: now.toISOString() });
    },

    /** An admin's link for a member: the same mail, saying who sent it. */
    async sendByAdmin(userId: string) {
      await mail.enqueue(resetMailKind, { by: 'admin', userId, requestedAt: new Date().toISOString() });
    },

    /** Sets the new password once per link, and signs out every session of the member. */
    async confirm(input: PasswordResetConfirm, client: ClientInfo) {
      // Before the link is spent, so a refused password does not cost the member their link.
      assertAcceptablePassword(input.password);
      const now = new Date();
      const userId = await repo.spendPasswordReset(db, hashToken(input.token), now);
      const user = userId ? await repo.findUserById(db, userId) : undefined;
      if (!user || user.suspendedAt) {
        await repo.recordAuthEvent(db, 'password.reset.invalid', client, { userId: user?.id });
        throw new HttpError(400, invalidLinkMessage);
      }
      await repo.resetPassword(db, user.id, await hashPassword(input.password), now);
      forgetUser(user.id);
      // The owner just proved the mailbox: a stranger's failed guesses no longer hold their sign-in back.
      const account = scopes.account(user.email);
      await releaseAttempt(db, [account], [account]);
      await repo.recordAuthEvent(db, 'password.reset', client, { userId: user.id, email: user.email });
    },
  };
}

export type PasswordResets = ReturnType<typeof createPasswordResets>;
