import { and, asc, desc, eq, gt, or, sql } from 'drizzle-orm';
import type { VideoKind } from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import { videoProgress, videos } from '../../db/schema.ts';

export type VideoRow = typeof videos.$inferSelect;
export type ProgressRow = typeof videoProgress.$inferSelect;
export type VideoWithProgress = { video: VideoRow; progress: ProgressRow | null };

/** The viewer's progress rides along on every read; an anonymous caller's null matches no progress row. */
const viewersProgress = and(
  eq(videoProgress.videoId, videos.id),
  eq(videoProgress.userId, sql`${sql.placeholder('userId')}::uuid`),
);

// The lists signed-in members open most (a signed-in answer carries their progress, so it is not cached):
// built once per database and prepared on the server. Building the select was a quarter of its CPU.
const videoList = preparedPerDatabase((db) =>
  db
    .select({ video: videos, progress: videoProgress })
    .from(videos)
    .leftJoin(videoProgress, viewersProgress)
    .where(and(eq(videos.kind, sql.placeholder('kind')), eq(videos.published, true)))
    .orderBy(asc(videos.position), desc(videos.createdAt))
    .prepare('video_list'),
);

export async function listVideos(
  db: Database,
  kind: VideoKind,
  userId: string | null,
): Promise<VideoWithProgress[]> {
  return videoList(db).execute({ kind, userId });
}

// Every range request of a playing video looks its row up again, so this one is prepared too.
const oneVideo = preparedPerDatabase((db) =>
  db
    .select({ video: videos, progress: videoProgress })
    .from(videos)
    .leftJoin(videoProgress, viewersProgress)
    .where(and(eq(videos.id, sql.placeholder('id')), eq(videos.published, true)))
    .limit(1)
    .prepare('video_one'),
);

export async function findVideo(
  db: Database,
  id: string,
  userId: string | null,
): Promise<VideoWithProgress | undefined> {
  const [row] = await oneVideo(db).execute({ id, userId });
  return row;
}

/** "Continue watching": started, not finished, most recently watched first. */
export async function listContinueWatching(
  db: Database,
  userId: string,
  limit: number,
): Promise<VideoWithProgress[]> {
  return db
    .select({ video: videos, progress: videoProgress })
    .from(videoProgress)
    .innerJoin(videos, eq(videos.id, videoProgress.videoId))
    .where(
      and(
        eq(videoProgress.userId, userId),
        eq(videoProgress.completed, false),
        eq(videos.published, true),
        or(gt(videoProgress.positionSeconds, 0), gt(videoProgress.watchedSeconds, 0)),
      ),
    )
    .orderBy(desc(videoProgress.updatedAt))
    .limit(limit);
}

/**
 * Saves where the member is and adds the newly watched seconds. Once finished, a video stays finished
 * (rewatching it does not put it back into "Continue watching").
 */
export async function recordProgress(
  db: Database,
  entry: {
    userId: string;
    videoId: string;
    positionSeconds: number;
    watchedDeltaSeconds: number;
    completed: boolean;
    /** Watching credited beyond the wall-clock time since the member started (one report's worth). */
    slackSeconds: number;
  },
): Promise<ProgressRow> {
  const delta = sql`${entry.watchedDeltaSeconds}::float8`;
  // Since the member started watching, in seconds of wall-clock time, plus the slack.
  const allowed = sql`extract(epoch from (now() - ${videoProgress.startedAt}))::float8 + ${entry.slackSeconds}::float8`;
  const [row] = await db
    .insert(videoProgress)
    .values({
      userId: entry.userId,
      videoId: entry.videoId,
      positionSeconds: entry.positionSeconds,
      watchedSeconds: entry.watchedDeltaSeconds,
      completed: entry.completed,
      // The first report vouches for its own playback (already capped at the video's length).
      startedAt: sql`now() - ${delta} * interval '1 second'`,
    })
    .onConflictDoUpdate({
      target: [videoProgress.userId, videoProgress.videoId],
      set: {
        positionSeconds: entry.positionSeconds,
        // Never more than the wall-clock time since the start; what was credited before stays.
        watchedSeconds: sql`least(${videoProgress.watchedSeconds} + ${delta}, greatest(${videoProgress.watchedSeconds}, ${allowed}))`,
        completed: sql`${videoProgress.completed} or ${entry.completed}`,
        updatedAt: sql`now()`,
      },
    })
    .returning();
  if (!row) throw new Error('progress not saved');
  return row;
}

export async function insertMissingVideos(
  db: Database,
  rows: Array<typeof videos.$inferInsert>,
): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await db
    .insert(videos)
    .values(rows)
    .onConflictDoNothing({ target: videos.slug })
    .returning({ id: videos.id });
  return inserted.length;
}
