import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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
