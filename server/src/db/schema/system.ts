import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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
