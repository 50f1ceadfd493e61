import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Mail the job queue gave up on after its last retry (decision 0058): what it was, to whom, and why it
 * failed, so an admin or an operator can see that a member never got their message.
 */
export const mailDeadLetters = pgTable(
  'mail_dead_letters',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** The pg-boss job's id. */
    jobId: text('job_id').notNull(),
    /** What kind of message (`password-reset`). */
    kind: text('kind').notNull(),
    /** The address it was for, when it got as far as knowing it. */
    recipient: text('recipient'),
    /** The job's data, as queued. */
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    attempts: integer('attempts').notNull(),
    error: text('error').notNull(),
    failedAt: timestamp('failed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('mail_dead_letters_failed_at_idx').on(table.failedAt)],
);
