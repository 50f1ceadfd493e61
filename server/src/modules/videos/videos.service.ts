import {
  hasRole,
  premiumVideoRole,
  videoCompletedShare,
  type Role,
  type Video,
  type VideoProgress,
  type VideoProgressBody,
} from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../plugins/errors.ts';
import type { FileSigner, SignedFileKind } from './media-urls.ts';
import { findVideo, recordProgress, type ProgressRow, type VideoRow } from './videos.repo.ts';

export interface Viewer {
  id: string;
  role: Role;
}

/** Premium videos play only for member-tier-2 and above; everyone else sees them locked. */
export function isLocked(video: Pick<VideoRow, 'premium'>, viewer: Viewer | null): boolean {
  return video.premium && !(viewer && hasRole(viewer.role, premiumVideoRole));
}

export function toProgress(row: ProgressRow): VideoProgress {
  return {
    positionSeconds: row.positionSeconds,
    watchedSeconds: row.watchedSeconds,
    completed: row.completed,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The video as `viewer` sees it. With `sign`, a premium video's media and captions URLs are signed for a
 * viewer who may play it (media-urls.ts), so they play where no session travels with the request.
 */
export function toVideo(
  video: VideoRow,
  progress: ProgressRow | null,
  viewer: Viewer | null,
  sign?: FileSigner,
): Video {
  const locked = isLocked(video, viewer);
  const file = (name: string, version: string) => `/api/videos/${video.id}/${name}?v=${version}`;
  const signed = (name: SignedFileKind, version: string) =>
    video.premium && sign ? `${file(name, version)}&${sign(video.id, name)}` : file(name, version);
  return {
    id: video.id,
    slug: video.slug,
    title: video.title,
    description: video.description,
    kind: video.kind,
    durationSeconds: video.durationSeconds,
    skillTags: video.skillTags,
    premium: video.premium,
    locked,
    posterUrl: file('poster', video.posterVersion),
    mediaUrl: locked ? null : signed('media', video.mediaVersion),
    captionsUrl:
      locked || !video.captionsKey || !video.captionsVersion
        ? null
        : signed('captions', video.captionsVersion),
    progress: progress ? toProgress(progress) : null,
  };
}

/** A published video the viewer may play, or the error that says why not (404, 401, 403). */
export async function playableVideo(db: Database, id: string, viewer: Viewer | null): Promise<VideoRow> {
  const found = await findVideo(db, id, null);
  if (!found) throw new HttpError(404, 'No video with that id.');
  if (isLocked(found.video, viewer)) {
    if (!viewer) throw new HttpError(401, 'Sign in with a premium membership to watch this video.');
    throw new HttpError(403, 'This is a premium video: it needs a premium (member-tier-2) membership.');
  }
  return found.video;
}

/** Positions past the end are the end; reaching 95 % of the video finishes it. */
/** Wall-clock slack on the watching a member can be credited: one report interval (the player reports every 15 s). */
export const progressSlackSeconds = 15;

export async function saveProgress(db: Database, viewer: Viewer, videoId: string, body: VideoProgressBody) {
  const video = await playableVideo(db, videoId, viewer);
  const duration = video.durationSeconds;
  const positionSeconds = Math.min(body.positionSeconds, duration);
  // A report never credits more watching than the video is long (a stuck or forged client).
  const watchedDeltaSeconds = Math.min(body.watchedDeltaSeconds ?? 0, duration);
  const row = await recordProgress(db, {
    userId: viewer.id,
    videoId,
    positionSeconds,
    watchedDeltaSeconds,
    completed: positionSeconds >= duration * videoCompletedShare,
    // Nor, all reports together, more than the wall-clock time since the member started watching.
    slackSeconds: progressSlackSeconds,
  });
  return toProgress(row);
}
