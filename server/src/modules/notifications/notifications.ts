import { readFileSync } from 'node:fs';
import { Agent } from 'node:https';
import { rootCertificates } from 'node:tls';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { followedPostLink, notificationLimits, type AdminPartnerRequest } from '@uplift/contracts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { inRootContext } from '../../plugins/root-context.ts';
import type { JobQueue } from '../jobs/index.ts';
import type { Mail } from '../mail/index.ts';
import { createEmailNotices } from './email-notices.ts';
import { oneClickUnsubscribeRoutes, unsubscribeLinkRoutes } from './email-notices.routes.ts';
import { notificationsAdminRoutes } from './notifications.admin.routes.ts';
import { notificationsRoutes } from './notifications.routes.ts';
import { createNativePush, type NativePushConfig } from './native-push.ts';
import { createNotificationsService, type PublishToMember } from './notifications.service.ts';
import { hasUnreadWithLink, scheduledCount } from './notifications.repo.ts';
import { createSendQueue } from './send-queue.ts';
import { ensureVapidKeys, type VapidKeyPair } from './web-push.ts';

export interface NotificationsOptions {
  db: Database;
  config: Pick<
    Config,
    | 'VAPID_SUBJECT'
    | 'PUSH_EXTRA_CA_FILE'
    | 'PUSH_ALLOWED_HOSTS'
    | 'NOTIFICATIONS_POLL_SECONDS'
    | 'NOTIFICATION_MAIL_DELAY_SECONDS'
    | 'NOTIFICATION_DIGEST_CRON'
  > &
    NativePushConfig;
  log: FastifyBaseLogger;
  /** Live events to a member's devices; without it, devices see changes when they next fetch. */
  publish?: PublishToMember;
  /** Notifications by email, by each member's choice (issue 47.4). */
  mail: Mail;
  jobs: JobQueue;
}

/**
 * Notifications: the service other modules call (`notifyMember`), the routes, and the scheduled-send
 * worker that starts with the app and stops before the database closes.
 */
export function createNotifications({ db, config, log, publish, mail, jobs }: NotificationsOptions) {
  const logError = (message: string, error?: unknown) => log.warn({ err: error }, message);
  const queue = createSendQueue(db, { pollSeconds: config.NOTIFICATIONS_POLL_SECONDS, log: logError });
  const agent = config.PUSH_EXTRA_CA_FILE
    ? new Agent({ ca: [...rootCertificates, readFileSync(config.PUSH_EXTRA_CA_FILE, 'utf8')] })
    : undefined;
  const native = createNativePush(db, config, logError);
  let keys: Promise<VapidKeyPair> | null = null;
  const vapidKeys = () => {
    keys ??= ensureVapidKeys(db).catch((error: unknown) => {
      keys = null;
      throw error;
    });
    return keys;
  };
  const emailNotices = createEmailNotices(db, {
    mail,
    jobs,
    delaySeconds: config.NOTIFICATION_MAIL_DELAY_SECONDS,
    digestCron: config.NOTIFICATION_DIGEST_CRON,
  });
  const service = createNotificationsService({
    db,
    queue,
    vapid: async () => ({ keys: await vapidKeys(), subject: config.VAPID_SUBJECT, agent }),
    native,
    publish: publish ?? (async () => {}),
    log: logError,
    onSent: emailNotices.notificationSent,
  });

  return {
    notifyMember: service.notifyMember,
    /** A partner's answer to a member's connection request: the member hears of it (kind "partners"). */
    async partnerRequestAnswered(answered: AdminPartnerRequest) {
      const accepted = answered.status === 'accepted';
      await service
        .notifyMember({
          userId: answered.member.id,
          kind: 'partners',
          title: `${answered.partnerName} ${accepted ? 'accepted' : 'declined'} your request`,
          body: withAnswerMessage(
            accepted
              ? `${answered.partnerName} will get in touch with you about your connection request.`
              : `${answered.partnerName} cannot take your connection request forward at the moment.`,
            answered.answerMessage,
          ),
          link: '/partners',
        })
        .catch((error: unknown) => logError('partner answer notification not sent', error));
    },
    /**
     * A direct message arrived. One unread notification per conversation: while the last one is unread,
     * further messages add none, so a busy conversation does not flood the centre. The body says who, not
     * what: the message itself stays in the conversation.
     */
    async messageReceived(notice: { recipientId: string; senderId: string; senderName: string }) {
      const link = `/messages/${notice.senderId}`;
      try {
        if (await hasUnreadWithLink(db, notice.recipientId, link)) return;
        await service.notifyMember({
          userId: notice.recipientId,
          kind: 'community',
          title: `New message from ${notice.senderName}`,
          body: `${notice.senderName} sent you a message. Open the conversation to read and reply.`,
          link,
          source: { memberId: notice.senderId },
        });
      } catch (error) {
        logError('message notification not sent', error);
      }
    },
    /** The member read the conversation: its "New message" notification has nothing new left to say. */
    async conversationRead(notice: { readerId: string; otherId: string }) {
      await service
        .markReadByLink(notice.readerId, `/messages/${notice.otherId}`)
        .catch((error: unknown) => logError('message notification not marked read', error));
    },
    /** Someone commented on a member's post (community calls this only for other people's comments). */
    async commentedOn(notice: {
      postAuthorId: string;
      postId: string;
      commentId: string;
      commenterId: string;
      commenterName: string;
      commentBody: string;
    }) {
      await service
        .notifyMember({
          userId: notice.postAuthorId,
          kind: 'community',
          title: `${notice.commenterName} commented on your post`,
          body: excerpt(notice.commentBody),
          // The author follows their post: the notice offers to unfollow it (issue 45.2).
          link: followedPostLink(notice.postId),
          source: { commentId: notice.commentId, memberId: notice.commenterId },
        })
        .catch((error: unknown) => logError('comment notification not sent', error));
    },
    /** Someone commented on a post the member follows (issue 45.2). */
    async followedPostReplied(notice: {
      memberId: string;
      postId: string;
      commentId: string;
      commenterId: string;
      commenterName: string;
      commentBody: string;
    }) {
      await service
        .notifyMember({
          userId: notice.memberId,
          kind: 'community',
          title: `${notice.commenterName} commented on a post you follow`,
          body: excerpt(notice.commentBody),
          link: followedPostLink(notice.postId),
          source: { commentId: notice.commentId, memberId: notice.commenterId },
        })
        .catch((error: unknown) => logError('follower notification not sent', error));
    },
    /** A member was mentioned (community calls this only for mentions it may link, decision 0095). */
    async mentioned(notice: {
      memberId: string;
      postId: string;
      /** Set when the mention is in a comment. */
      commentId?: string;
      authorId: string;
      authorName: string;
      body: string;
      what: 'post' | 'comment';
    }) {
      await service
        .notifyMember({
          userId: notice.memberId,
          kind: 'community',
          title: `${notice.authorName} mentioned you in a ${notice.what}`,
          body: excerpt(notice.body),
          link: `/community/posts/${notice.postId}`,
          source: {
            ...(notice.commentId ? { commentId: notice.commentId } : { postId: notice.postId }),
            memberId: notice.authorId,
          },
        })
        .catch((error: unknown) => logError('mention notification not sent', error));
    },
    /** A moderator hid a member's post or comment: they are told, and the link shows it marked hidden. */
    async contentHidden(notice: {
      authorId: string;
      postId: string;
      /** Set when a comment was hidden. */
      commentId?: string;
      what: 'post' | 'comment';
      pendingReview?: boolean;
    }) {
      await service
        .notifyMember({
          userId: notice.authorId,
          kind: 'community',
          title: notice.pendingReview
            ? `Your ${notice.what} is hidden pending review`
            : `Your ${notice.what} was hidden`,
          body:
            (notice.pendingReview
              ? `Several members flagged your ${notice.what}, so it is hidden until a moderator reviews it. `
              : `A moderator hid your ${notice.what} after it was reported. `) +
            'Only you and the admins can still see it.',
          link: `/community/posts/${notice.postId}`,
          source: notice.commentId ? { commentId: notice.commentId } : { postId: notice.postId },
        })
        .catch((error: unknown) => logError('moderation notification not sent', error));
    },
    /**
     * A member asked for the premium membership: every admin hears of it, with a link to the member in the
     * users table, where their role is changed (kind "announcements": what Uplift itself tells its admins).
     */
    async premiumRequested(member: { id: string; displayName: string; email: string }) {
      await service
        .notifyRole('admin', {
          kind: 'announcements',
          title: `${member.displayName} asks for premium`,
          body: `${member.displayName} (${member.email}) asked for the premium membership. Upgrade them to Premium member in Users, or let them know why not.`,
          link: `/admin/users?q=${encodeURIComponent(member.email)}`,
          source: { memberId: member.id },
        })
        .catch((error: unknown) => logError('premium request notification not sent', error));
    },
    /** Scheduled sends not yet gone out, for the admin portal's attention counts. */
    scheduledCount: () => scheduledCount(db),
    async register(app: FastifyInstance) {
      app.addHook('onReady', async () => {
        await vapidKeys();
        await queue.start(async (id) => {
          await service.dispatch(id);
        });
        log.info(native.status);
      });
      app.addHook('preClose', async () => {
        await queue.stop();
        native.close();
      });
      await app.register(inRootContext(notificationsRoutes), {
        db,
        notifications: service,
        vapidPublicKey: async () => (await vapidKeys()).publicKey,
        allowedPushHosts: config.PUSH_ALLOWED_HOSTS,
      });
      await app.register(inRootContext(notificationsAdminRoutes), { db, notifications: service });
      await app.register(inRootContext(unsubscribeLinkRoutes));
      await app.register(oneClickUnsubscribeRoutes, { notices: emailNotices });
    },
  };
}

/** A comment's opening words, on one line, short enough for a notification body. */
function excerpt(text: string, max = 140): string {
  // By code point, so an emoji at the cut is never split in half.
  const chars = [...text.replace(/\s+/g, ' ').trim()];
  if (chars.length <= max) return chars.join('');
  const cut = chars.slice(0, max - 1).join('');
  return `${cut.trimEnd()}…`;
}

export type Notifications = ReturnType<typeof createNotifications>;

/**
 * The answer's sentence, then the admin's own words when they wrote some. Kept within the body limit an
 * admin's compose has (contracts' bodyMax), which is also what a push service shows.
 */
function withAnswerMessage(sentence: string, message: string | null): string {
  if (!message) return sentence;
  return excerpt(`${sentence} Their message: “${message}”`, notificationLimits.bodyMax);
}
