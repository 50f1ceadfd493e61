import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/** The calibrated item bank (seeded from modules/skills/item-bank.json): 2PL parameters a and b. */
export const skillItems = pgTable(
  'skill_items',
  {
    id: text('id').primaryKey(),
    skill: text('skill').notNull(),
    stem: text('stem').notNull(),
    options: jsonb('options').$type<string[]>().notNull(),
    answer: integer('answer').notNull(),
    explanation: text('explanation').notNull(),
    /** The concept the item tests (modules/skills/concepts.json): what the review of a live item names. */
    concept: text('concept').notNull().default('general'),
    discrimination: real('discrimination').notNull(),
    difficulty: real('difficulty').notNull(),
    /** Sympson–Hetter exposure parameter K_i: the chance the item is given when it is the best left. */
    exposure: real('exposure').notNull().default(1),
    /** Retired items stay for the review of past attempts but are never served again. */
    active: boolean('active').notNull().default(true),
  },
  (table) => [
    index('skill_items_skill_idx').on(table.skill),
    check('skill_items_answer_check', sql`${table.answer} between 0 and 3`),
    check('skill_items_discrimination_check', sql`${table.discrimination} > 0`),
  ],
);

/** One sitting: one or more skills. Time spent counts towards the member's training hours. */
export const skillAttempts = pgTable(
  'skill_attempts',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    skills: text('skills').array().notNull(),
    status: text('status', { enum: ['in-progress', 'completed'] })
      .notNull()
      .default('in-progress'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** Sum of the per-question times (each capped), so idle screens do not count as training. */
    timeSpentSeconds: integer('time_spent_seconds').notNull().default(0),
  },
  (table) => [
    index('skill_attempts_user_idx').on(table.userId, table.startedAt),
    // At most one attempt in progress per member: a second start is refused, the first resumed.
    uniqueIndex('skill_attempts_one_active_idx')
      .on(table.userId)
      .where(sql`${table.status} = 'in-progress'`),
    check('skill_attempts_status_check', sql`${table.status} in ('in-progress', 'completed')`),
  ],
);

/** Each question served in an attempt, in order; answered once. */
export const skillResponses = pgTable(
  'skill_responses',
  {
    attemptId: uuid('attempt_id')
      .notNull()
      .references(() => skillAttempts.id, { onDelete: 'cascade' }),
    itemId: text('item_id')
      .notNull()
      .references(() => skillItems.id),
    skill: text('skill').notNull(),
    /** 1-based order within the attempt. */
    sequence: integer('sequence').notNull(),
    servedAt: timestamp('served_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** The option chosen; null while unanswered and for "I don't know". */
    choice: integer('choice'),
    /** "I don't know" (decision 0092): answered, no option chosen, scored incorrect. */
    dontKnow: boolean('dont_know').notNull().default(false),
    correct: boolean('correct'),
    timeSpentMs: integer('time_spent_ms'),
  },
  (table) => [
    primaryKey({ columns: [table.attemptId, table.itemId] }),
    // One unanswered question at a time: concurrent requests cannot serve two.
    uniqueIndex('skill_responses_one_open_idx')
      .on(table.attemptId)
      .where(sql`${table.answeredAt} is null`),
  ],
);

/** The outcome per skill of a completed attempt; the latest per member and skill is the current one. */
export const skillResults = pgTable(
  'skill_results',
  {
    attemptId: uuid('attempt_id')
      .notNull()
      .references(() => skillAttempts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    skill: text('skill').notNull(),
    theta: real('theta').notNull(),
    standardError: real('standard_error').notNull(),
    score: integer('score').notNull(),
    itemsAnswered: integer('items_answered').notNull(),
    correctCount: integer('correct_count').notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.attemptId, table.skill] }),
    index('skill_results_user_skill_idx').on(table.userId, table.skill, table.completedAt),
    index('skill_results_skill_idx').on(table.skill, table.userId, table.completedAt),
  ],
);

/**
 * A result the member made public (decision 0093): at most one per member and skill, at an unguessable id.
 * Stopping sharing deletes the row, so the link answers 404; sharing again gives a new id.
 */
export const skillShares = pgTable(
  'skill_shares',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    skill: text('skill').notNull(),
    /** The shared result is this attempt's result in `skill`. */
    attemptId: uuid('attempt_id').notNull(),
    sharedAt: timestamp('shared_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('skill_shares_user_skill_idx').on(table.userId, table.skill),
    foreignKey({
      columns: [table.attemptId, table.skill],
      foreignColumns: [skillResults.attemptId, skillResults.skill],
    }).onDelete('cascade'),
  ],
);
