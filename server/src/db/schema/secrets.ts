import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Keys the server signs with, one row per purpose (e.g. `media-urls`), made on first use and shared by
 * every instance, so a URL one instance signed is accepted by all of them and across restarts.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
