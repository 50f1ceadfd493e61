import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

export const videoKinds = ['featured', 'short'] as const;

/**
 * Videos: featured (16:9) and shorts (9:16). Media, poster and captions are keys read by the videos
 * module's video-files.ts (`demo/…`: the repo's demo media; `uploads/…`: admin uploads in the storage);
 * their SHA-256 versions make the URLs content-addressed, so the files can be cached as immutable.
 */
export const videos = pgTable(
  'videos',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** Stable handle the seed matches on, so reruns add only new videos. */
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    kind: text('kind', { enum: videoKinds }).notNull(),
    durationSeconds: real('duration_seconds').notNull(),
    /** Skill-area ids from contracts/src/skills.ts. */
    skillTags: text('skill_tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Premium videos are listed to everyone but play only for member-tier-2 and above. */
    premium: boolean('premium').notNull().default(false),
    mediaKey: text('media_key').notNull(),
    mediaVersion: text('media_version').notNull(),
    posterKey: text('poster_key').notNull(),
    posterVersion: text('poster_version').notNull(),
    captionsKey: text('captions_key'),
    captionsVersion: text('captions_version'),
    published: boolean('published').notNull().default(true),
    /** Order within its kind: lower first, then newest. */
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('videos_kind_listing_idx').on(table.kind, table.published, table.position),
    index('videos_skill_tags_idx').using('gin', table.skillTags),
    check('videos_kind_check', sql`${table.kind} in ('featured', 'short')`),
    check('videos_duration_check', sql`${table.durationSeconds} > 0`),
  ],
);

/** Where a member is in a video, and how long they really watched it (training hours in the impact metrics). */
export const videoProgress = pgTable(
  'video_progress',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    videoId: uuid('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    positionSeconds: real('position_seconds').notNull().default(0),
    /** Cumulative seconds of real playback reported by the player, never the position jumped to. */
    watchedSeconds: real('watched_seconds').notNull().default(0),
    completed: boolean('completed').notNull().default(false),
    /**
     * When the member started watching (the first report's time less its own playback): watchedSeconds
     * never grows beyond the wall-clock time since, so a burst of reports cannot add hours.
     */
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.videoId] }),
    index('video_progress_user_updated_idx').on(table.userId, table.updatedAt),
    check('video_progress_position_check', sql`${table.positionSeconds} >= 0`),
    check('video_progress_watched_check', sql`${table.watchedSeconds} >= 0`),
  ],
);
