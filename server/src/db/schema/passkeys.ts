import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/**
 * A member's passkeys (issue 47.5, decision 0108): WebAuthn credentials they sign in with instead of a
 * password. The public key only: the private key never leaves the member's authenticator.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The authenticator's credential id, base64url, as the browser presents it at sign-in. */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    /** The authenticator's signature counter: a sign-in must present a higher one, or 0 if it keeps none. */
    counter: bigint('counter', { mode: 'number' }).notNull(),
    /** How the browser may reach the authenticator (`internal`, `hybrid`, `usb`, …). */
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    /** Whether the passkey is synced across the member's devices (a password manager, iCloud Keychain). */
    backedUp: boolean('backed_up').notNull(),
    /** The member's words for it; by default the browser and system it was made on. */
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('passkeys_credential_id_idx').on(table.credentialId),
    index('passkeys_user_idx').on(table.userId),
  ],
);

/**
 * WebAuthn challenges, stored server-side (decision 0108): each is used once (taken with a DELETE …
 * RETURNING) and only within a few minutes. A registration's names the member; a sign-in's names nobody
 * (the member is known only from the passkey the browser picks).
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    challenge: text('challenge').primaryKey(),
    purpose: text('purpose', { enum: ['registration', 'authentication'] }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('webauthn_challenges_expires_at_idx').on(table.expiresAt)],
);
