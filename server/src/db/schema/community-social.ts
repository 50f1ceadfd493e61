import { boolean, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { communityPosts } from './community.ts';

/**
 * Who follows a post (issue 45.2): replies notify them. Writing the post or a comment on it follows it;
 * `following = false` keeps an explicit unfollow, so a post's author who unfollowed is not counted back in.
 */
export const communityPostFollows = pgTable(
  'community_post_follows',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: uuid('post_id')
      .notNull()
      .references(() => communityPosts.id, { onDelete: 'cascade' }),
    following: boolean('following').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.postId, table.userId] })],
);

/** Posts a member saved to read later (issue 45.2): private to them. */
export const communityBookmarks = pgTable(
  'community_bookmarks',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: uuid('post_id')
      .notNull()
      .references(() => communityPosts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.postId] })],
);

/** When a member last looked at the feed (issue 45.3): what came after is new to them. */
export const communityFeedVisits = pgTable('community_feed_visits', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
});

/** When a member last read a thread (issue 45.3): comments after it are unread. */
export const communityThreadReads = pgTable(
  'community_thread_reads',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: uuid('post_id')
      .notNull()
      .references(() => communityPosts.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.postId] })],
);
