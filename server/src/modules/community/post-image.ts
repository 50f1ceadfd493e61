import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { communityImageLimits, type CommunityImageUpload } from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../plugins/errors.ts';
import type { Executor } from '../events/index.ts';
import type { Storage } from '../storage/index.ts';
import { processImage, uploadKey, uploadUrl, type ImageInput, type ImageSize } from '../uploads/index.ts';

/** One size: wide enough for a post on a large screen at 2×, the whole picture kept (never cropped). */
const postImageSizes: readonly ImageSize[] = [{ name: 'post', width: 1600, height: 1600, fit: 'inside' }];

/** How long an image uploaded and never posted is kept (the composer's draft, a closed tab). */
export const unpostedImageKeepMs = 24 * 60 * 60_000;

const fileName = (key: string) => `${key}-post.webp`;

/** The part of the file name before `-post.webp`: a content hash (32 hex digits). */
export const postImageKeyPattern = /^[0-9a-f]{32}$/;

export function postImageUrl(key: string): string {
  return uploadUrl(fileName(key));
}

/**
 * Who may fetch a post image, and how long it may be kept (decision 0051). `public` only while some post
 * that everyone sees shows it, and then for a minute at most before asking again, so a takedown takes
 * effect within that minute; `private` for what only some see (a hidden post to its author and admins,
 * an upload not yet posted to its uploader), never stored (signed-in answers are no-store anyway,
 * plugins/cache-control.ts); `none` answers 404.
 */
export type ImageAudience = 'public' | 'private' | 'none';

export const postImageCacheControl = {
  public: 'public, max-age=60, must-revalidate',
  private: 'private, no-store',
} as const;

/**
 * Serialises the writes that decide whether a key's file is still needed (an upload, a post naming it,
 * the removal of the file), so a removal never follows an upload or a post it did not see.
 */
const lockKey = (tx: Executor, key: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`community-image:${key}`}, 0))`);

/** Whether anything still needs the key's file: a post that shows it (hidden too: it may be restored) or an upload row. */
async function stillNeeded(tx: Executor, key: string): Promise<boolean> {
  const rows = await tx.execute<{ needed: boolean }>(sql`
    select exists (select 1 from community_posts where image_key = ${key})
      or exists (select 1 from community_post_images where key = ${key}) as needed`);
  return rows.rows[0]?.needed ?? true;
}

/**
 * Post images go through the profile photos' pipeline (type read from the bytes, pixel limit, re-encoded
 * as WebP without metadata), named by their content hash. Each upload is recorded with its uploader: a
 * post may only name an image its author uploaded, and one never posted is removed after a day.
 */
export function createPostImages(storage: Storage, db: Database) {
  const remove = (key: string) => storage.remove(uploadKey(fileName(key)));
  const exists = async (key: string) => (await storage.head(uploadKey(fileName(key)))) !== null;

  return {
    async store(input: ImageInput, uploaderId: string): Promise<CommunityImageUpload> {
      const image = await processImage(input, postImageSizes, { maxPixels: communityImageLimits.maxPixels });
      // The row first, under the key's lock: a sweep running now either removed the file before (and it
      // is written again below) or sees this row and keeps it.
      await db.transaction(async (tx) => {
        await lockKey(tx, image.key);
        await tx.execute(sql`
          insert into community_post_images (key, uploader_id) values (${image.key}, ${uploaderId})
          on conflict (key, uploader_id) do update set uploaded_at = now()`);
      });
      await Promise.all(image.files.map((file) => storage.put(uploadKey(fileName(image.key)), file.bytes)));
      return { key: image.key, url: postImageUrl(image.key) };
    },

    exists,

    /** Answers with the file and `cacheControl` (304 when fresh): false when there is none. */
    serve(request: FastifyRequest, reply: FastifyReply, key: string, cacheControl: string) {
      return storage.serve(request, reply, uploadKey(fileName(key)), {
        ranges: false,
        headers: { 'cache-control': cacheControl, 'x-content-type-options': 'nosniff' },
      });
    },

    /**
     * Inside the transaction that stores a post naming `key`: refused unless its author uploaded it (and
     * the upload is still kept), and never an image a moderator took down with another post.
     */
    async assertUsable(tx: Executor, key: string, authorId: string): Promise<void> {
      await lockKey(tx, key);
      const rows = await tx.execute<{ mine: boolean; anyone: boolean; taken_down: boolean }>(sql`
        select
          exists (select 1 from community_post_images where key = ${key} and uploader_id = ${authorId}) as mine,
          exists (select 1 from community_post_images where key = ${key}) as anyone,
          exists (select 1 from community_posts where image_key = ${key} and hidden_at is not null) as taken_down`);
      const found = rows.rows[0];
      if (found?.taken_down) throw new HttpError(403, 'That image was taken down by a moderator.');
      if (found?.mine) return;
      if (found?.anyone || (await exists(key)))
        throw new HttpError(403, 'You can only post an image you uploaded yourself. Add it again.');
      throw new HttpError(400, 'That image was not uploaded here. Add it again.');
    },

    /**
     * After a post that showed `key` is deleted (in its transaction): the author's upload goes unless
     * another of their posts shows it, and the file goes once nothing needs it.
     */
    async release(tx: Executor, key: string, authorId: string | null): Promise<void> {
      await lockKey(tx, key);
      if (authorId)
        await tx.execute(sql`
          delete from community_post_images where key = ${key} and uploader_id = ${authorId}
            and not exists (select 1 from community_posts where image_key = ${key} and author_id = ${authorId})`);
      if (await stillNeeded(tx, key)) return;
      // Removed while the lock is held, so no upload of the same bytes slips in between.
      await remove(key);
    },

    /** Who may see the image `key`, as `viewer`. */
    async audience(key: string, viewer: { id: string | null; isAdmin: boolean }): Promise<ImageAudience> {
      const rows = await db.execute<{
        shown: boolean;
        hidden_author: boolean;
        posted: boolean;
        mine: boolean;
      }>(sql`
        select
          exists (select 1 from community_posts where image_key = ${key}
            and hidden_at is null and deleted_at is null) as shown,
          exists (select 1 from community_posts where image_key = ${key}
            and hidden_at is not null and author_id = ${viewer.id}) as hidden_author,
          exists (select 1 from community_posts where image_key = ${key}) as posted,
          exists (select 1 from community_post_images where key = ${key} and uploader_id = ${viewer.id}) as mine`);
      const found = rows.rows[0];
      if (!found) return 'none';
      if (found.shown) return 'public';
      if (viewer.isAdmin || found.hidden_author) return 'private';
      // Uploaded, not yet posted: its uploader's composer shows it.
      if (!found.posted && found.mine) return 'private';
      return 'none';
    },

    /**
     * Removes uploads older than a day that their uploader never posted, and each file nothing needs any
     * more. The job queue runs it (one instance at a time); returns how many files were removed.
     */
    async sweepUnposted(now: Date = new Date()): Promise<number> {
      const cutoff = new Date(now.getTime() - unpostedImageKeepMs);
      const stale = await db.execute<{ key: string }>(sql`
        select distinct i.key from community_post_images i
        where i.uploaded_at < ${cutoff.toISOString()}
          and not exists (select 1 from community_posts p where p.image_key = i.key and p.author_id = i.uploader_id)
        limit 1000`);
      let removed = 0;
      for (const { key } of stale.rows) {
        await db.transaction(async (tx) => {
          await lockKey(tx, key);
          await tx.execute(sql`
            delete from community_post_images i where i.key = ${key} and i.uploaded_at < ${cutoff.toISOString()}
              and not exists (select 1 from community_posts p where p.image_key = i.key and p.author_id = i.uploader_id)`);
          if (await stillNeeded(tx, key)) return;
          await remove(key);
          removed += 1;
        });
      }
      return removed;
    },
  };
}

export type PostImages = ReturnType<typeof createPostImages>;
