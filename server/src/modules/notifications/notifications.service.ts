import type { Agent } from 'node:https';
import { and, eq, sql } from 'drizzle-orm';
import {
  defaultNotificationPreferences,
  notificationsChangedEvent,
  type ComposeNotificationBody,
  type NotificationAudience,
  type NotificationKind,
  type PushPayload,
  type Role,
} from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import { notifications } from '../../db/schema.ts';
import { recordAudit, type Actor } from '../audit/index.ts';
import * as repo from './notifications.repo.ts';
import type { SendQueue } from './send-queue.ts';
import type { NativePush } from './native-push.ts';
import { sendWebPush, type VapidKeyPair } from './web-push.ts';

/** Tells every device of a member that their notifications changed (live events; no-op until wired). */
export type PublishToMember = (
  userId: string,
  type: string,
  payload: Record<string, unknown>,
) => Promise<void>;

export interface NotificationsDeps {
  db: Database;
  queue: SendQueue;
  vapid: () => Promise<{ keys: VapidKeyPair; subject: string; agent?: Agent }>;
  /** FCM/APNs for the native apps' device tokens; absent, those tokens are kept but not pushed to. */
  native?: Pick<NativePush, 'send'>;
  publish: PublishToMember;
  log: (message: string, error?: unknown) => void;
  /** Told of every notification once it is sent (email notices queue their mails from here). */
  onSent?: (row: { id: string; kind: string }) => Promise<void>;
}

export class ComposeError extends Error {}

/** An event-driven notification to one member (a partner's answer, a reply). */
export interface MemberNotice {
  userId: string;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string | null;
  /** The comment, post or member it quotes or names, so deleting them redacts it (decision 0110). */
  source?: { commentId?: string; postId?: string; memberId?: string };
}

export function createNotificationsService({
  db,
  queue,
  vapid,
  native,
  publish,
  log,
  onSent,
}: NotificationsDeps) {
  /**
   * Live update of badge and list on every device of these members; failures only cost liveness. A send
   * names the notification by id (live events carry ids, not words): the app looks up its title to say it
   * to a screen reader ("New notification: …", decision 0121).
   */
  async function announce(userIds: string[], sent?: { notificationId: string }) {
    for (const userId of userIds) {
      const unreadCount = await repo.unreadCount(db, userId);
      const payload = sent ? { unreadCount, notificationId: sent.notificationId } : { unreadCount };
      await publish(userId, notificationsChangedEvent, payload).catch((error: unknown) =>
        log('live notification event not published', error),
      );
    }
  }

  async function push(row: repo.NotificationRow) {
    const targets = await repo.pushTargets(
      db,
      row.id,
      row.kind,
      defaultNotificationPreferences[row.kind].push,
    );
    if (targets.length === 0) return;
    const unread = new Map<string, number>();
    for (const { userId } of targets)
      if (!unread.has(userId)) unread.set(userId, await repo.unreadCount(db, userId));
    const payloadFor = (userId: string): PushPayload => ({
      notificationId: row.id,
      title: row.title,
      body: row.body,
      link: row.link,
      unreadCount: unread.get(userId) ?? 0,
    });
    const [web, app] = await Promise.all([
      sendWebPush(db, await vapid(), targets, payloadFor, log),
      native?.send(targets, payloadFor),
    ]);
    await repo.markPushed(db, row.id, [
      ...new Set([...web.deliveredUserIds, ...(app?.deliveredUserIds ?? [])]),
    ]);
  }

  /**
   * Sends a stored notification once: the row moves scheduled -> sent in the same transaction that writes
   * its deliveries, so a second run (another instance, a retried job) finds nothing to claim. Pushes
   * and live events follow the commit.
   */
  async function dispatch(notificationId: string): Promise<repo.NotificationRow | null> {
    const sent = await db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(notifications)
        .set({ status: 'sending' })
        .where(and(eq(notifications.id, notificationId), eq(notifications.status, 'scheduled')))
        .returning();
      if (!claimed) return null;
      const targeted = await repo.insertDeliveries(
        tx,
        claimed,
        defaultNotificationPreferences[claimed.kind].inApp,
      );
      const [done] = await tx
        .update(notifications)
        .set({ status: 'sent', sentAt: sql`now()`, targetedCount: targeted })
        .where(eq(notifications.id, notificationId))
        .returning();
      return done ?? null;
    });
    if (!sent) return null;
    // Awaited, so that the unread counts the members' devices receive follow the order of the sends;
    // pushes go out afterwards without holding the sender.
    await announceSent(sent);
    await onSent?.(sent).catch((error: unknown) => log('notification emails not queued', error));
    void push(sent).catch((error: unknown) => log('notification push failed after sending', error));
    return sent;
  }

  async function announceSent(row: repo.NotificationRow) {
    try {
      const recipients = await db.execute<{ user_id: string }>(
        sql`select user_id from notification_deliveries where notification_id = ${row.id} and in_app`,
      );
      await announce(
        recipients.rows.map((r) => r.user_id),
        { notificationId: row.id },
      );
    } catch (error) {
      log('notification live event failed after sending', error);
    }
  }

  /** Stores a notification raised by an event and sends it now, honouring each member's preferences. */
  async function notifyAudience(audience: NotificationAudience, notice: Omit<MemberNotice, 'userId'>) {
    const [row] = await db
      .insert(notifications)
      .values({
        kind: notice.kind,
        title: notice.title,
        body: notice.body,
        link: notice.link,
        sourceCommentId: notice.source?.commentId ?? null,
        sourcePostId: notice.source?.postId ?? null,
        sourceMemberId: notice.source?.memberId ?? null,
        audience,
        status: 'scheduled',
        scheduledFor: sql`now()`,
      })
      .returning({ id: notifications.id });
    if (row) await dispatch(row.id);
  }

  return {
    dispatch,

    async compose(actor: Actor, input: ComposeNotificationBody & { link: string | null }) {
      const scheduledFor = input.scheduledFor ? new Date(input.scheduledFor) : null;
      if (scheduledFor && scheduledFor.getTime() <= Date.now())
        throw new ComposeError('Choose a time in the future, or send now.');
      if (scheduledFor && scheduledFor.getTime() > Date.now() + 365 * 24 * 60 * 60_000)
        throw new ComposeError('A send can be scheduled at most a year ahead.');
      const audience = input.audience as NotificationAudience;
      const targeted = await repo.countAudience(db, audience);
      if (targeted === 0) throw new ComposeError('Nobody matches this audience.');
      const row = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(notifications)
          .values({
            kind: 'announcements',
            title: input.title,
            body: input.body,
            link: input.link,
            audience,
            status: 'scheduled',
            createdBy: actor.id,
            scheduledFor: scheduledFor ?? sql`now()`,
            targetedCount: targeted,
          })
          .returning();
        if (!created) throw new Error('notification not stored');
        if (scheduledFor) {
          const jobId = await queue.schedule(created.id, scheduledFor);
          await tx.update(notifications).set({ jobId }).where(eq(notifications.id, created.id));
        }
        await recordAudit(tx, {
          actor,
          action: scheduledFor ? 'notification.schedule' : 'notification.send',
          subjectType: 'notification',
          subjectId: created.id,
          subjectLabel: created.title,
          after: { title: created.title, audience, scheduledFor: scheduledFor?.toISOString() ?? null },
        });
        return created;
      });
      if (!scheduledFor) await dispatch(row.id);
      return row.id;
    },

    /** Cancels a send still waiting; false when it has already gone out or was cancelled. */
    async cancel(actor: Actor, id: string): Promise<'cancelled' | 'not-found' | 'too-late'> {
      const result = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(notifications)
          .set({ status: 'cancelled', cancelledAt: sql`now()` })
          .where(and(eq(notifications.id, id), eq(notifications.status, 'scheduled')))
          .returning();
        if (!row) return null;
        await recordAudit(tx, {
          actor,
          action: 'notification.cancel',
          subjectType: 'notification',
          subjectId: id,
          subjectLabel: row.title,
          before: { status: 'scheduled', scheduledFor: row.scheduledFor?.toISOString() ?? null },
          after: { status: 'cancelled' },
        });
        return row;
      });
      if (result?.jobId)
        await queue.cancel(result.jobId).catch((error: unknown) => log('job not cancelled', error));
      if (result) return 'cancelled';
      return (await repo.findNotification(db, id)) ? 'too-late' : 'not-found';
    },

    /** A notification raised by something that happened to one member; honours their preferences. */
    async notifyMember({ userId, ...notice }: MemberNotice): Promise<void> {
      await notifyAudience({ type: 'members', userIds: [userId] }, notice);
    },

    /** A notification raised by something members of a role must hear of (admins: a premium request). */
    async notifyRole(role: Role, notice: Omit<MemberNotice, 'userId'>): Promise<void> {
      await notifyAudience({ type: 'role', role }, notice);
    },

    async markRead(userId: string, notificationId: string): Promise<boolean> {
      const found = await repo.markRead(db, userId, notificationId);
      if (found) await announce([userId]);
      return found;
    },

    /** The member has seen what the notifications linking to `link` announced (a conversation, read). */
    async markReadByLink(userId: string, link: string): Promise<void> {
      if ((await repo.markReadByLink(db, userId, link)) > 0) await announce([userId]);
    },

    async markAllRead(userId: string): Promise<void> {
      await repo.markAllRead(db, userId);
      await announce([userId]);
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
