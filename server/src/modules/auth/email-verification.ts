import type { EmailChangeRequest } from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../plugins/errors.ts';
import type { Mail, MailMessage } from '../mail/index.ts';
import * as repo from './auth.repo.ts';
import type { ClientInfo } from './auth.repo.ts';
import type { AuthenticatedSession, AuthService } from './auth.service.ts';
import { tooManyAttempts } from './auth.service.ts';
import { emailTakenByAnother, insertEmailVerification, proveAddress } from './email-verification.repo.ts';
import { AttemptRefused, reserveAttempt, scopes } from './sign-in-throttle.ts';
import { hashToken, newSessionToken } from './tokens.ts';

/** How long a link that proves an address works, from the moment it was asked for (decision 0084). */
export const verificationLinkLifetimeMs = 24 * 60 * 60_000;

export const verificationMailKind = 'email-verification';
export const emailChangeNoticeKind = 'email-change-notice';

export const invalidVerificationMessage =
  'This link has expired or has already been used. Ask for a new one from the app: links work once, for 24 hours.';
export const addressTakenMessage =
  'Another account uses this address now, so it cannot become yours. Choose another address in your settings.';

/** Who the link is for and which address it proves: the account's own, or the one it is changing to. */
type VerificationJob = { userId: string; email: string; purpose: 'verify' | 'change'; requestedAt: string };

type ChangeNoticeJob = { userId: string; oldEmail: string; newEmail: string };

/**
 * Verified email (issue 47.3, decision 0084). A new account is mailed a link that proves its address;
 * a member changing their address confirms it with their password and is mailed a link at the new one,
 * while the old one gets a notice. As with reset links, the token is minted by the mail job, which stores
 * only its hash. Following a link is enough, signed in or not (it may be opened on another device).
 */
export function createEmailVerification(
  db: Database,
  { mail, auth }: { mail: Mail; auth: Pick<AuthService, 'confirmCurrentPassword' | 'forgetUser'> },
) {
  async function composeLink(job: VerificationJob): Promise<MailMessage | null> {
    const user = await repo.findUserById(db, job.userId);
    if (!user || user.suspendedAt) return null;
    const sameAddress = user.email.toLowerCase() === job.email.toLowerCase();
    // Verified meanwhile (an earlier link), or the account moved on to another address since.
    if (job.purpose === 'verify' && (!sameAddress || user.emailVerifiedAt)) return null;
    if (job.purpose === 'change' && (sameAddress || (await emailTakenByAnother(db, job.email, user.id))))
      return null;
    const expiresAt = new Date(Date.parse(job.requestedAt) + verificationLinkLifetimeMs);
    if (expiresAt.getTime() <= Date.now()) return null;
    const token = newSessionToken();
    await insertEmailVerification(db, {
      userId: user.id,
      email: job.email,
      tokenHash: hashToken(token),
      expiresAt,
    });
    return {
      security: true,
      to: job.email,
      recipientName: user.displayName,
      subject: job.purpose === 'verify' ? 'Confirm your email address' : 'Confirm your new email address',
      paragraphs: [
        job.purpose === 'verify'
          ? 'Welcome to Uplift. Confirm that this address is yours: then you can get back in if you forget your password, and we can send you the emails you choose.'
          : 'You asked to use this address for your Uplift account. Confirm it, and it becomes the address you sign in with.',
        'The link works once, for 24 hours.',
      ],
      // In the fragment, so the token never reaches a server log or a Referer header.
      action: { label: 'Confirm this address', url: mail.link(`/verify-email#token=${token}`) },
      footnote: 'If you did not ask for this, ignore this email: nothing changes.',
    };
  }
  mail.define<VerificationJob>(verificationMailKind, composeLink);

  mail.define<ChangeNoticeJob>(emailChangeNoticeKind, async (job) => {
    const user = await repo.findUserById(db, job.userId);
    if (!user) return null;
    return {
      security: true,
      to: job.oldEmail,
      recipientName: user.displayName,
      subject: 'Your email address is being changed',
      paragraphs: [
        `Someone signed in to your Uplift account asked to change its email address to ${job.newEmail}. The change happens once the link we sent there is followed.`,
        'If this was not you, sign in and change your password now: it signs out every other device.',
      ],
      action: { label: 'Sign in to Uplift', url: mail.link('/login') },
    };
  });

  async function throttle(user: AuthenticatedSession['user'], client: ClientInfo) {
    try {
      await reserveAttempt(db, [scopes.verificationMail(user.id)], new Date());
    } catch (error) {
      if (!(error instanceof AttemptRefused)) throw error;
      await repo.recordAuthEvent(db, 'email.mail.throttled', client, { userId: user.id, email: user.email });
      throw tooManyAttempts('emails asked for', error.retryAt);
    }
  }

  return {
    /** The link a new account is mailed when it registers (not throttled: registration is). */
    async afterRegister(user: AuthenticatedSession['user']) {
      await mail.enqueue(verificationMailKind, {
        userId: user.id,
        email: user.email,
        purpose: 'verify',
        requestedAt: new Date().toISOString(),
      } satisfies VerificationJob);
    },

    /** "Send again": another link to the account's address, a few a day at most. */
    async resend(current: AuthenticatedSession, client: ClientInfo): Promise<string> {
      if (current.user.emailVerifiedAt) throw new HttpError(400, 'Your email address is already confirmed.');
      await throttle(current.user, client);
      await mail.enqueue(verificationMailKind, {
        userId: current.user.id,
        email: current.user.email,
        purpose: 'verify',
        requestedAt: new Date().toISOString(),
      } satisfies VerificationJob);
      return `We sent a new link to ${current.user.email}. It works once, for 24 hours.`;
    },

    /**
     * A new address, confirmed with the password: the link goes to the new address and a notice to the
     * old one. The answer is the same whether or not another account uses the new address (that one is
     * simply sent no link), so this cannot be used to find out who has an account.
     */
    async requestChange(
      current: AuthenticatedSession,
      input: EmailChangeRequest,
      client: ClientInfo,
    ): Promise<string> {
      if (input.email.toLowerCase() === current.user.email.toLowerCase())
        throw new HttpError(400, 'This is already your email address.');
      await auth.confirmCurrentPassword(current, input.password, client);
      await throttle(current.user, client);
      const requestedAt = new Date().toISOString();
      await mail.enqueue(verificationMailKind, {
        userId: current.user.id,
        email: input.email,
        purpose: 'change',
        requestedAt,
      } satisfies VerificationJob);
      await mail.enqueue(emailChangeNoticeKind, {
        userId: current.user.id,
        oldEmail: current.user.email,
        newEmail: input.email,
      } satisfies ChangeNoticeJob);
      await repo.recordAuthEvent(db, 'email.change.request', client, {
        userId: current.user.id,
        email: current.user.email,
      });
      return `We sent a link to ${input.email}. Your address changes once you follow it (within 24 hours).`;
    },

    /** Follows a link: its address becomes the account's verified email. */
    async confirm(token: string, client: ClientInfo): Promise<string> {
      const proved = await proveAddress(db, hashToken(token), new Date());
      if (proved.outcome !== 'verified') {
        await repo.recordAuthEvent(db, 'email.verify.invalid', client, {});
        throw proved.outcome === 'taken'
          ? new HttpError(409, addressTakenMessage)
          : new HttpError(400, invalidVerificationMessage);
      }
      // Sessions carry the user row: the next request reads the new address and its verified state.
      auth.forgetUser(proved.userId);
      await repo.recordAuthEvent(db, 'email.verify', client, { userId: proved.userId, email: proved.email });
      return proved.email;
    },
  };
}

export type EmailVerification = ReturnType<typeof createEmailVerification>;
