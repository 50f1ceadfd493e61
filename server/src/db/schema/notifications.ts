import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { communityComments, communityPosts } from './community.ts';

export type StoredAudience =
  | { type: 'everyone' }
  | { type: 'role'; role: 'member-tier-1' | 'member-tier-2' | 'admin' }
  | { type: 'members'; userIds: string[] };

/**
 * One message: an admin's send (now or scheduled) or one raised by an event (a partner's answer). The
 * recipients are rows of notification_deliveries, written when it is sent.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** A preference kind from contracts (profiles.ts notificationKinds): decides in-app and push. */
    kind: text('kind', { enum: ['community', 'partners', 'skills', 'announcements'] }).notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link'),
    audience: jsonb('audience').$type<StoredAudience>().notNull(),
    status: text('status', { enum: ['scheduled', 'sending', 'sent', 'cancelled'] }).notNull(),
    /** The admin who composed it; null for event notifications or once that admin is deleted. */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** The job queue's id of the scheduled send, so cancelling also withdraws the job. */
    jobId: text('job_id'),
    targetedCount: integer('targeted_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /*
     * What an event notification quotes or names (decision 0110): deleting that comment, post or member
     * replaces the title and body with neutral words (notifications/quote-redaction.ts). Null for an
     * admin's send and for notices that quote none of these.
     */
    sourceCommentId: uuid('source_comment_id').references(() => communityComments.id, {
      onDelete: 'set null',
    }),
    sourcePostId: uuid('source_post_id').references(() => communityPosts.id, { onDelete: 'set null' }),
    sourceMemberId: uuid('source_member_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('notifications_created_idx').on(table.createdAt),
    index('notifications_source_comment_idx')
      .on(table.sourceCommentId)
      .where(sql`${table.sourceCommentId} is not null`),
    index('notifications_source_post_idx')
      .on(table.sourcePostId)
      .where(sql`${table.sourcePostId} is not null`),
    index('notifications_source_member_idx')
      .on(table.sourceMemberId)
      .where(sql`${table.sourceMemberId} is not null`),
    index('notifications_admin_idx')
      .on(table.createdAt)
      .where(sql`${table.createdBy} is not null`),
    check(
      'notifications_status_check',
      sql`${table.status} in ('scheduled', 'sending', 'sent', 'cancelled')`,
    ),
  ],
);

/** One recipient of one notification: whether the centre shows it, when push reached a device, when read. */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** False when the member turned this kind off in the app: counted as targeted, not shown. */
    inApp: boolean('in_app').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    pushedAt: timestamp('pushed_at', { withTimezone: true }),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** When it went out by email, on its own or in a digest (issue 47.4): never mailed twice. */
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.notificationId, table.userId] }),
    index('notification_deliveries_inbox_idx')
      .on(table.userId, table.createdAt)
      .where(sql`${table.inApp}`),
    index('notification_deliveries_unread_idx')
      .on(table.userId)
      .where(sql`${table.inApp} and ${table.readAt} is null`),
  ],
);

/**
 * One row per member and day a notification digest was queued for (issue 47.4, decision 0085): the primary
 * key makes the digest one mail a day whichever instance, or how many runs, queued it.
 */
export const notificationDigests = pgTable(
  'notification_digests',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The UTC day the digest is for. */
    day: text('day').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.day] })],
);

/** A device that can receive push: a browser's web push subscription, or a native FCM/APNs token. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['web', 'fcm', 'apns'] }).notNull(),
    /** The web push endpoint URL, or the native device token. */
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh'),
    auth: text('auth'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('push_subscriptions_endpoint_idx').on(table.endpoint),
    index('push_subscriptions_user_idx').on(table.userId),
    check('push_subscriptions_type_check', sql`${table.type} in ('web', 'fcm', 'apns')`),
  ],
);

/** The server's VAPID key pair, made on first start and shared by every instance: one row. */
export const vapidKeys = pgTable(
  'vapid_keys',
  {
    id: smallint('id').primaryKey().default(1),
    publicKey: text('public_key').notNull(),
    privateKey: text('private_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('vapid_keys_single_row', sql`${table.id} = 1`)],
);
