import { createHmac, timingSafeEqual } from 'node:crypto';
import { emailNotificationKinds, type EmailNotificationKind } from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import { serverSecret } from '../../db/secrets.ts';
import type { JobQueue } from '../jobs/index.ts';
import type { ComposedMail, Mail } from '../mail/index.ts';
import * as repo from './email-notices.repo.ts';

export const noticeMailKind = 'notification';
export const digestMailKind = 'notification-digest';
/** Runs on NOTIFICATION_DIGEST_CRON: 07:00 UTC by default (decisions 0085, 0122). */
export const digestJob = 'notifications.email-digest';
/** A digest gathers what is still unread and unmailed from the last two days. */
const digestWindowMs = 48 * 60 * 60_000;

/** What an unsubscribe link stops: one kind, or (a digest's) every kind. */
export type UnsubscribeScope = EmailNotificationKind | 'all';
const allKinds = emailNotificationKinds.map((kind) => kind.id);

type NoticeJob = { notificationId: string; userId: string };
type DigestJob = { userId: string; day: string };

/**
 * Notifications by email (issue 47.4, decision 0085): each kind a member chose "right away" is mailed a
 * while after it is sent, unless read in the app by then; "daily digest" kinds are gathered into one mail
 * a day, claimed once per member and day whichever instance runs the schedule. Every such mail carries a
 * signed one-click unsubscribe (RFC 8058) that works without signing in.
 */
export function createEmailNotices(
  db: Database,
  {
    mail,
    jobs,
    delaySeconds,
    digestCron,
  }: {
    mail: Mail;
    jobs: JobQueue;
    delaySeconds: number;
    /** When the digest is built (UTC); each member still gets at most one a UTC day. */
    digestCron: string;
  },
) {
  let key: Promise<Buffer> | null = null;
  const signingKey = () => {
    key ??= serverSecret(db, 'mail-unsubscribe').catch((error: unknown) => {
      key = null;
      throw error;
    });
    return key;
  };
  const signature = async (payload: string) =>
    createHmac('sha256', await signingKey())
      .update(payload)
      .digest()
      .subarray(0, 16);

  async function unsubscribeToken(userId: string, scope: UnsubscribeScope): Promise<string> {
    const payload = `${userId}.${scope}`;
    return `${payload}.${(await signature(payload)).toString('base64url')}`;
  }

  async function unsubscribeUrl(userId: string, scope: UnsubscribeScope) {
    return mail.link(`/api/mail/unsubscribe?token=${await unsubscribeToken(userId, scope)}`);
  }

  mail.define<NoticeJob>(noticeMailKind, async ({ notificationId, userId }): Promise<ComposedMail | null> => {
    const [notice] = await repo.pendingNotices(db, userId, { frequency: 'instant', notificationId });
    const recipient = await repo.recipientOf(db, userId);
    if (!notice || !recipient) return null;
    return {
      security: false,
      to: recipient.email,
      recipientName: recipient.display_name,
      subject: notice.title,
      paragraphs: [notice.body],
      action: { label: 'Open in Uplift', url: mail.link(notice.link ?? '/notifications') },
      footnote:
        'You get this email because you chose to hear about this right away. Change it in your settings.',
      unsubscribeUrl: await unsubscribeUrl(userId, notice.kind),
      afterSend: () => repo.markEmailed(db, userId, [notice.id]),
    };
  });

  mail.define<DigestJob>(digestMailKind, async ({ userId }): Promise<ComposedMail | null> => {
    const since = new Date(Date.now() - digestWindowMs);
    const notices = await repo.pendingNotices(db, userId, { frequency: 'daily', since });
    const recipient = await repo.recipientOf(db, userId);
    if (notices.length === 0 || !recipient) return null;
    return {
      security: false,
      to: recipient.email,
      recipientName: recipient.display_name,
      subject:
        notices.length === 1
          ? 'Your day on Uplift: 1 update'
          : `Your day on Uplift: ${notices.length} updates`,
      paragraphs: [
        'Here is what you have not seen yet:',
        ...notices.map((notice) => `• ${notice.title}: ${notice.body}`),
      ],
      action: { label: 'Open your notifications', url: mail.link('/notifications') },
      footnote: 'You get this digest once a day because you chose it. Change it in your settings.',
      unsubscribeUrl: await unsubscribeUrl(userId, 'all'),
      afterSend: () =>
        repo.markEmailed(
          db,
          userId,
          notices.map((notice) => notice.id),
        ),
    };
  });

  /** Claims and queues today's digests; run by the schedule, and safe to run again (or elsewhere). */
  async function queueDigests(now = new Date()) {
    const day = now.toISOString().slice(0, 10);
    const userIds = await repo.claimDigests(db, day, new Date(now.getTime() - digestWindowMs));
    for (const userId of userIds) await mail.enqueue(digestMailKind, { userId, day } satisfies DigestJob);
  }
  jobs.every(digestJob, digestCron, () => queueDigests());

  return {
    queueDigests,
    unsubscribeToken,

    /** After a notification is sent: its "right away" recipients' mails, composed after the delay. */
    async notificationSent(notification: { id: string; kind: string }) {
      const userIds = await repo.instantRecipients(db, notification.id, notification.kind);
      for (const userId of userIds) {
        await mail.enqueue(noticeMailKind, { notificationId: notification.id, userId } satisfies NoticeJob, {
          startAfterSeconds: delaySeconds,
        });
      }
    },

    /** Follows an unsubscribe link: what it stopped, or null when the token is not one we signed. */
    async unsubscribe(token: string): Promise<UnsubscribeScope | null> {
      const [userId, scope, signed] = token.split('.');
      if (!userId || !scope || !signed) return null;
      if (scope !== 'all' && !(allKinds as readonly string[]).includes(scope)) return null;
      // Compared as the text the link carries: decoding first would let a last character that differs
      // only in base64's unused low bits pass as the same signature.
      const expected = Buffer.from((await signature(`${userId}.${scope}`)).toString('base64url'));
      const given = Buffer.from(signed);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      const kinds = scope === 'all' ? allKinds : [scope as EmailNotificationKind];
      await repo.stopEmail(db, userId, kinds);
      return scope as UnsubscribeScope;
    },
  };
}

export type EmailNotices = ReturnType<typeof createEmailNotices>;
