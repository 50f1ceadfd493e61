import { sql } from 'drizzle-orm';
import {
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

export type StoredProfileLink = { label: string; url: string };

/** A member's public face beyond the account: one row per user, created on first edit. */
export const profiles = pgTable(
  'profiles',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    headline: text('headline'),
    bio: text('bio'),
    /** An industry id from contracts/src/api/profiles.ts. */
    industry: text('industry'),
    city: text('city'),
    region: text('region'),
    country: text('country'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** Skill-area ids from contracts/src/skills.ts. */
    skills: text('skills')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    links: jsonb('links').$type<StoredProfileLink[]>().notNull().default([]),
    privacy: text('privacy', { enum: ['everyone', 'members', 'only-me'] })
      .notNull()
      .default('members'),
    /** Content hash naming the stored photo's files (modules/uploads); null without a photo. */
    photoKey: text('photo_key'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('profiles_industry_idx').on(table.industry),
    check('profiles_privacy_check', sql`${table.privacy} in ('everyone', 'members', 'only-me')`),
  ],
);

/** Career outcomes members report; the economic-impact figures are sums over these rows. */
export const memberOutcomes = pgTable(
  'member_outcomes',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', {
      enum: ['new-job', 'promotion', 'raise', 'certification', 'business-started'],
    }).notNull(),
    occurredOn: date('occurred_on').notNull(),
    /** Whole units of contracts' impactCurrency a year; null when the member gave no amount. */
    annualAmount: integer('annual_amount'),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('member_outcomes_user_idx').on(table.userId, table.occurredOn),
    index('member_outcomes_occurred_idx').on(table.occurredOn),
    check('member_outcomes_amount_check', sql`${table.annualAmount} is null or ${table.annualAmount} >= 0`),
  ],
);

/** Settings that follow the member to every device (haptics, notifications); defaults when absent. */
export const memberPreferences = pgTable('member_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  preferences: jsonb('preferences').$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
