import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  customType,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * Live events (modules/events): written and NOTIFY'd in one step, kept about a day so a client that
 * reconnects with `Last-Event-ID` catches up on what NOTIFY (never replayed) could not give it again.
 */
export const liveEvents = pgTable(
  'live_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: text('type').notNull(),
    /** Who may receive it: one user, or everyone (anonymous readers included) when null. */
    audienceUserId: uuid('audience_user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** Ids and small facts only: clients refetch what they show. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('live_events_created_at_idx').on(table.createdAt)],
);

export const communityTopics = pgTable('community_topics', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  position: integer('position').notNull(),
});

export const communityHiddenReasons = ['moderator', 'flags'] as const;

export const communityPosts = pgTable(
  'community_posts',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /**
     * Feed order and cursor: a post inserted while someone pages gets a higher number, so it never shifts
     * the pages below (it arrives through "N new posts" instead).
     */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull().unique(),
    /** Null once the author's account is deleted ("Former member"). */
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    topicId: text('topic_id')
      .notNull()
      .references(() => communityTopics.id),
    /** Markdown source; the client renders a safe subset and never raw HTML. Emptied on deletion. */
    body: text('body').notNull(),
    /** Content hash of an image stored through modules/uploads, or null. */
    imageKey: text('image_key'),
    /** What the image shows, for screen readers; set whenever imageKey is. */
    imageAlt: text('image_alt'),
    pinnedAt: timestamp('pinned_at', { withTimezone: true }),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    /** Why it is hidden: a moderator's decision, or members' flags pending review (decision 0099). */
    hiddenReason: text('hidden_reason', { enum: communityHiddenReasons }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('english', body)`),
  },
  (table) => [
    index('community_posts_search_idx').using('gin', table.search),
    index('community_posts_topic_seq_idx').on(table.topicId, table.seq),
    index('community_posts_pinned_idx')
      .on(table.pinnedAt)
      .where(sql`${table.pinnedAt} is not null`),
    index('community_posts_author_idx').on(table.authorId),
  ],
);

export const communityComments = pgTable(
  'community_comments',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    postId: uuid('post_id')
      .notNull()
      .references(() => communityPosts.id, { onDelete: 'cascade' }),
    /** A reply names a top-level comment: one level deep, checked by the service. */
    parentId: uuid('parent_id'),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('english', body)`),
  },
  (table) => [
    foreignKey({ columns: [table.parentId], foreignColumns: [table.id] }).onDelete('cascade'),
    index('community_comments_post_idx').on(table.postId, table.createdAt),
    index('community_comments_search_idx').using('gin', table.search),
  ],
);

export const communityReactionKinds = ['like', 'celebrate', 'insightful', 'support'] as const;

export const communityReactions = pgTable(
  'community_reactions',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => communityPosts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: communityReactionKinds }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.postId, table.userId, table.kind] }),
    check(
      'community_reactions_kind_check',
      sql`${table.kind} in ('like', 'celebrate', 'insightful', 'support')`,
    ),
  ],
);

export const communityReportReasons = ['spam', 'harassment', 'misinformation', 'off-topic', 'other'] as const;
export const communityReportStatuses = ['open', 'actioned', 'dismissed'] as const;

/** A member's report of a post (comment_id null) or of one of its comments; one per member and target. */
export const communityReports = pgTable(
  'community_reports',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    postId: uuid('post_id')
      .notNull()
      .references(() => communityPosts.id, { onDelete: 'cascade' }),
    commentId: uuid('comment_id').references(() => communityComments.id, { onDelete: 'cascade' }),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: communityReportReasons }).notNull(),
    note: text('note'),
    status: text('status', { enum: communityReportStatuses }).notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    unique('community_reports_once_idx')
      .on(table.reporterId, table.postId, table.commentId)
      .nullsNotDistinct(),
    index('community_reports_status_idx').on(table.status, table.createdAt),
  ],
);

/**
 * Who uploaded which post image (modules/community/post-image.ts). A post may only name an image its
 * author uploaded; one uploaded and never posted is removed after a day by the job queue. Keys are content
 * hashes, so two members uploading the same bytes share one file and have one row each.
 */
export const communityPostImages = pgTable(
  'community_post_images',
  {
    key: text('key').notNull(),
    uploaderId: uuid('uploader_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The last upload of these bytes by this member: the day before removal counts from here. */
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.key, table.uploaderId] }),
    index('community_post_images_uploaded_idx').on(table.uploadedAt),
  ],
);

/**
 * An earlier version of a post (comment_id null) or of a comment, kept when its author edits it: whoever
 * may see the post or comment may read them (modules/community/revisions.ts); admins see every one.
 */
export const communityRevisions = pgTable(
  'community_revisions',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    postId: uuid('post_id')
      .notNull()
      .references(() => communityPosts.id, { onDelete: 'cascade' }),
    commentId: uuid('comment_id').references(() => communityComments.id, { onDelete: 'cascade' }),
    /** Null once the author's account is deleted, as on the post or comment itself. */
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** The Markdown source as it read before the edit. */
    body: text('body').notNull(),
    /** When this version was written: the post's creation or its previous edit. */
    writtenAt: timestamp('written_at', { withTimezone: true }).notNull(),
    /** When the edit replaced it. */
    replacedAt: timestamp('replaced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('community_revisions_target_idx').on(table.postId, table.commentId, table.replacedAt),
    index('community_revisions_author_idx').on(table.authorId),
  ],
);
