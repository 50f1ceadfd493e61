import { randomBytes } from 'node:crypto';
import { asc, desc, eq, or, sql } from 'drizzle-orm';
import type { AdminVideo, adminVideoCreateSchema, AdminVideoUpdate } from '@uplift/contracts';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { videos } from '../../db/schema.ts';
import { HttpError } from '../../plugins/errors.ts';
import { recordAudit, type Actor } from '../audit/index.ts';
import type { VideoFiles } from './video-files.ts';
import type { VideoRow } from './videos.repo.ts';

type AdminVideoCreateBody = z.infer<typeof adminVideoCreateSchema>;

const sourceOf = (key: string) => (key.startsWith('demo/') ? 'seeded' : 'uploaded');

export function toAdminVideo(row: VideoRow): AdminVideo {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    kind: row.kind,
    durationSeconds: row.durationSeconds,
    skillTags: row.skillTags,
    premium: row.premium,
    published: row.published,
    mediaSource: sourceOf(row.mediaKey),
    posterSource: sourceOf(row.posterKey),
    hasCaptions: row.captionsKey !== null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What the audit log keeps of a video: what an admin edits, not the derived versions. */
function auditView(row: VideoRow) {
  const { title, description, kind, skillTags, premium, published, mediaKey, posterKey } = row;
  return { title, description, kind, skillTags, premium, published, mediaKey, posterKey };
}

function changedFields(before: Record<string, unknown>, after: Record<string, unknown>) {
  const keys = Object.keys(after).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key]])),
    after: Object.fromEntries(keys.map((key) => [key, after[key]])),
  };
}

const fieldError = (path: string, message: string) =>
  new HttpError(400, message, 'VALIDATION_ERROR', [{ path: `body.${path}`, message }]);

const slugOf = (title: string) =>
  `${
    title
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'video'
  }-${randomBytes(3).toString('hex')}`;

export function createVideosAdmin(db: Database, files: VideoFiles) {
  /** An uploaded file the body names must exist (uploaded through the routes here); its facts come from it. */
  async function uploaded(field: 'mediaKey' | 'posterKey', key: string) {
    const found = await files.describe(key);
    if (!found) throw fieldError(field, 'This upload is no longer here. Upload the file again.');
    return found;
  }

  /** Files no video points at any more (the same upload may back two videos: names are content hashes). */
  async function removeUnused(keys: string[]) {
    const unused: string[] = [];
    for (const key of new Set(keys)) {
      const [used] = await db
        .select({ id: videos.id })
        .from(videos)
        .where(or(eq(videos.mediaKey, key), eq(videos.posterKey, key)))
        .limit(1);
      if (!used) unused.push(key);
    }
    await files.remove(unused);
  }

  return {
    async list(): Promise<AdminVideo[]> {
      const rows = await db
        .select()
        .from(videos)
        .orderBy(asc(videos.kind), asc(videos.position), desc(videos.createdAt));
      return rows.map(toAdminVideo);
    },

    async create(actor: Actor, body: AdminVideoCreateBody): Promise<AdminVideo> {
      const media = await uploaded('mediaKey', body.mediaKey);
      const poster = await uploaded('posterKey', body.posterKey);
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(videos)
          .values({
            slug: slugOf(body.title),
            title: body.title,
            description: body.description,
            kind: body.kind,
            durationSeconds: media.durationSeconds ?? 0,
            skillTags: body.skillTags,
            premium: body.premium,
            published: body.published,
            mediaKey: body.mediaKey,
            mediaVersion: media.version,
            posterKey: body.posterKey,
            posterVersion: poster.version,
          })
          .returning();
        if (!row) throw new Error('video not inserted');
        await recordAudit(tx, {
          actor,
          action: 'video.create',
          subjectType: 'video',
          subjectId: row.id,
          subjectLabel: row.title,
          before: null,
          after: auditView(row),
        });
        return toAdminVideo(row);
      });
    },

    async update(actor: Actor, id: string, change: AdminVideoUpdate): Promise<AdminVideo> {
      const [current] = await db.select().from(videos).where(eq(videos.id, id));
      if (!current) throw new HttpError(404, 'No video with that id.');
      const set: Partial<typeof videos.$inferInsert> = { ...change };
      if (change.mediaKey && change.mediaKey !== current.mediaKey) {
        const media = await uploaded('mediaKey', change.mediaKey);
        set.mediaVersion = media.version;
        set.durationSeconds = media.durationSeconds ?? current.durationSeconds;
        // Captions were written for the old file; they would be wrong for the new one.
        set.captionsKey = null;
        set.captionsVersion = null;
      }
      if (change.posterKey && change.posterKey !== current.posterKey) {
        set.posterVersion = (await uploaded('posterKey', change.posterKey)).version;
      }
      const updated = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(videos)
          .set({ ...set, updatedAt: sql`now()` })
          .where(eq(videos.id, id))
          .returning();
        if (!row) throw new HttpError(404, 'No video with that id.');
        const diff = changedFields(auditView(current), auditView(row));
        const onlyPublished = Object.keys(diff.after).join() === 'published';
        if (Object.keys(diff.after).length > 0) {
          await recordAudit(tx, {
            actor,
            action: onlyPublished ? (row.published ? 'video.publish' : 'video.unpublish') : 'video.update',
            subjectType: 'video',
            subjectId: row.id,
            subjectLabel: row.title,
            ...diff,
          });
        }
        return row;
      });
      await removeUnused([current.mediaKey, current.posterKey].filter((key) => !key.startsWith('demo/')));
      return toAdminVideo(updated);
    },

    async remove(actor: Actor, id: string): Promise<void> {
      const removed = await db.transaction(async (tx) => {
        const [row] = await tx.delete(videos).where(eq(videos.id, id)).returning();
        if (!row) throw new HttpError(404, 'No video with that id.');
        await recordAudit(tx, {
          actor,
          action: 'video.delete',
          subjectType: 'video',
          subjectId: row.id,
          subjectLabel: row.title,
          before: auditView(row),
          after: null,
        });
        return row;
      });
      // After the commit: a failed delete never leaves a video pointing at a missing file.
      await removeUnused([removed.mediaKey, removed.posterKey]);
    },
  };
}

export type VideosAdmin = ReturnType<typeof createVideosAdmin>;
