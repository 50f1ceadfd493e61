import { pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/**
 * Members' requests for the premium membership. The member is the key: one open request per member, however
 * often the button is pressed or on however many devices.
 */
export const premiumRequests = pgTable('premium_requests', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
});
