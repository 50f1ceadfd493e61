import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

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
    /** The admin's words on why, shown to the member when their session is refused; null when none given. */
    suspendedReason: text('suspended_reason'),
    /**
     * When the member followed a link mailed to `email` (issue 47.3, decision 0084). Null until then: only
     * security mail (verification, password resets) goes to an address nobody has proved is theirs.
     */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
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

/**
 * Password-reset links (issue 47.2). A row is written by the mail job when it sends the link, holding only
 * the token's SHA-256: the token itself exists in the mail alone. Single use (`used_at`), valid until
 * `expires_at` (30 minutes after it was asked for); a new password voids every other open link.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** `self` (asked on the sign-in screen) or `admin` (sent from the member's admin page). */
    requestedBy: text('requested_by', { enum: ['self', 'admin'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('password_resets_token_hash_idx').on(table.tokenHash),
    index('password_resets_user_idx').on(table.userId),
  ],
);

/**
 * Links that prove an address (issue 47.3, decision 0084): the verification of a new account's address, or
 * of the address a member is changing to. Written by the mail job with the token's SHA-256 only; single
 * use, valid until `expires_at`. Following one for an address that is not the account's yet makes it so.
 */
export const emailVerifications = pgTable(
  'email_verifications',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The address the link was mailed to, and that following it proves. */
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('email_verifications_token_hash_idx').on(table.tokenHash),
    index('email_verifications_user_idx').on(table.userId),
  ],
);
