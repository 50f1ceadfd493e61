import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  date,
  primaryKey,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const errorLogs = pgTable(
  'error_logs',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    message: text('message').notNull(),
    stack: text('stack'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    userAgent: text('user_agent').notNull(),
    url: text('url').notNull(),
    context: jsonb('context'),
    code: text('code'),
    severity: text('severity'),
    userMessage: text('user_message'),
    clientIp: text('client_ip'),
  },
  (table) => [index('error_logs_received_at_idx').on(table.receivedAt)],
);

export const users = pgTable(
  'users',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    email: text('email').notNull(),
    displayName: text('display_name').notNull(),
    avatarUrl: text('avatar_url'),
    role: text('role', { enum: ['member-tier-1', 'member-tier-2', 'admin'] })
      .notNull()
      .default('member-tier-1'),
    /** Per-user overrides on top of the role's permissions. */
    permissionOverrides: jsonb('permission_overrides').$type<Record<string, boolean>>().notNull().default({}),
    passwordHash: text('password_hash').notNull(),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set by an admin: the member cannot sign in and every session ended at that moment. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${table.email})`),
    // The admin's member list (newest first by default) and the CSV export's keyset walk in this order: with
    // it a page reads its 25 rows instead of sorting every member (10,000 members: 1.2 -> 0.1 ms a page).
    index('users_created_idx').on(table.createdAt, table.id),
    check('users_role_check', sql`${table.role} in ('member-tier-1', 'member-tier-2', 'admin')`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Every token rotated from one login shares a family; reuse of a rotated token revokes the family. */
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    /**
     * For a just-rotated token: its successor token, sealed with a key derived from this (old) token, so
     * a retried refresh gets the same successor. Dropped after the grace window (successor-seal.ts).
     */
    successorSealed: text('successor_sealed'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (table) => [
    uniqueIndex('sessions_token_hash_idx').on(table.tokenHash),
    index('sessions_user_idx').on(table.userId),
    index('sessions_family_idx').on(table.familyId),
  ],
);

export const authEvents = pgTable(
  'auth_events',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    type: text('type').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('auth_events_created_at_idx').on(table.createdAt),
    index('auth_events_user_idx').on(table.userId),
  ],
);

/**
 * Attempt counters for sign-in and password checks, one row per scope: an address, an address and
 * account, an account (docs/decisions/0011-sign-in-throttling.md). An attempt is counted before its
 * password is checked; `blocked_until` holds back the next one with a growing delay.
 */
export const signInThrottles = pgTable(
  'sign_in_throttles',
  {
    scope: text('scope').primaryKey(),
    attempts: integer('attempts').notNull(),
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('sign_in_throttles_last_attempt_idx').on(table.lastAttemptAt)],
);

/** Addresses an account has signed in from: they are spared the account-wide delay a stranger can cause. */
export const signInAddresses = pgTable(
  'sign_in_addresses',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ip: text('ip').notNull(),
    lastSignedInAt: timestamp('last_signed_in_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.ip] })],
);

/** Results of writes sent with an Idempotency-Key, so a replayed write is applied once (plugins/idempotency.ts). */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** The user id, or `ip:<address>` for anonymous writes. */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    statusCode: integer('status_code'),
    contentType: text('content_type'),
    responseBody: text('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.scope, table.key] }),
    index('idempotency_keys_created_idx').on(table.createdAt),
  ],
);

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const knowledgePoints = pgTable(
  'knowledge_points',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    topic: text('topic', { enum: ['careers', 'skills', 'economic-impact', 'using-uplift'] }).notNull(),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    skillTags: text('skill_tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    sourceUrl: text('source_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Title weighs most, then tags, then body (ranked full-text search). */
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', immutable_array_to_string(tags)), 'B') || setweight(to_tsvector('english', body), 'C')`,
      ),
  },
  (table) => [
    index('knowledge_points_search_idx').using('gin', table.search),
    index('knowledge_points_topic_idx').on(table.topic),
  ],
);

export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('conversations_user_updated_idx').on(table.userId, table.updatedAt)],
);

export type StoredCitation = { index: number; knowledgePointId: string; slug: string; title: string };

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['user', 'assistant'] }).notNull(),
    content: text('content').notNull().default(''),
    citations: jsonb('citations').$type<StoredCitation[]>().notNull().default([]),
    status: text('status', { enum: ['streaming', 'complete', 'stopped', 'failed'] })
      .notNull()
      .default('complete'),
    groundedOnly: boolean('grounded_only').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('chat_messages_conversation_idx').on(table.conversationId, table.createdAt)],
);

/** Vale messages per quota scope (user, anonymous visitor, address) per UTC day. */
export const chatUsage = pgTable(
  'chat_usage',
  {
    scope: text('scope').notNull(),
    day: date('day').notNull(),
    count: integer('count').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.scope, table.day] })],
);
export * from './schema/partners.ts';
export * from './schema/videos.ts';
export * from './schema/profiles.ts';
export * from './schema/skills.ts';
export * from './schema/admin.ts';
export * from './schema/community.ts';
export * from './schema/notifications.ts';
export * from './schema/secrets.ts';
