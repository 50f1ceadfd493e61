import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/**
 * Direct messages (modules/messages, decision 0103). One conversation per pair of members, stored with the
 * lower id first so the pair has one row however it was started. Deleting either member's account deletes
 * the conversation: its messages were written to and by them, and nobody else may read them.
 */
export const directConversations = pgTable(
  'direct_conversations',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    memberA: uuid('member_a')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    memberB: uuid('member_b')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The `seq` of the newest message each member has read: the other's "Seen" and their unread count. */
    aReadSeq: bigint('a_read_seq', { mode: 'number' }).notNull().default(0),
    bReadSeq: bigint('b_read_seq', { mode: 'number' }).notNull().default(0),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('direct_conversations_pair_idx').on(table.memberA, table.memberB),
    index('direct_conversations_member_b_idx').on(table.memberB),
    check('direct_conversations_ordered_pair_check', sql`${table.memberA} < ${table.memberB}`),
  ],
);

export const directMessages = pgTable(
  'direct_messages',
  {
    /** Chosen by the sender's device, so a queued message keeps its id through every replay. */
    id: uuid('id').primaryKey(),
    /** Order within a conversation, and what read receipts point at. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull().unique(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => directConversations.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('direct_messages_conversation_idx').on(table.conversationId, table.seq)],
);

export const whoCanMessageValues = ['everyone', 'messaged', 'nobody'] as const;

/** A member's "Who can message me"; the default (everyone) when absent. */
export const messageSettings = pgTable('message_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  whoCanMessage: text('who_can_message', { enum: whoCanMessageValues }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const conversationReportReasonValues = ['harassment', 'unwanted', 'spam', 'other'] as const;

/**
 * A member's report of a conversation they are in. While one is open, the admins may open the
 * conversation (each opening audited); closing it ends that access.
 */
export const directConversationReports = pgTable(
  'direct_conversation_reports',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => directConversations.id, { onDelete: 'cascade' }),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: conversationReportReasonValues }).notNull(),
    note: text('note'),
    status: text('status', { enum: ['open', 'closed'] })
      .notNull()
      .default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedBy: uuid('closed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [index('direct_conversation_reports_status_idx').on(table.status, table.createdAt)],
);

/**
 * Who blocked whom (modules/blocks). Either way round, the two cannot message each other, and the
 * blocked member cannot mention the blocker or see their activity.
 */
export const memberBlocks = pgTable(
  'member_blocks',
  {
    blockerId: uuid('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: uuid('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.blockerId, table.blockedId] }),
    index('member_blocks_blocked_idx').on(table.blockedId),
    check('member_blocks_not_self_check', sql`${table.blockerId} <> ${table.blockedId}`),
  ],
);
