import { eq, like } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { videos } from '../db/schema.ts';
import {
  demoDuration,
  demoFiles,
  loadDemoCatalogue,
  createMediaStore,
  insertMissingVideos,
} from '../modules/videos/index.ts';

/**
 * The demo videos, their files served from the repository (demo-media/). Matched by slug, so reruns add
 * only new ones; a redrawn file gets its new version, so caches pick it up.
 */
export async function seedVideos(db: Database, config: Pick<Config, 'DATA_DIR'>): Promise<number> {
  // Only the demo files (in the repository) are versioned here: no bucket is needed.
  const store = createMediaStore(config.DATA_DIR, undefined);
  const catalogue = await loadDemoCatalogue();
  const positions = { featured: 0, short: 0 };
  const rows = await Promise.all(
    catalogue.map(async (video) => {
      const files = demoFiles(video.slug);
      const keys = {
        media: `demo/${files.media}`,
        poster: `demo/${files.poster}`,
        captions: `demo/${files.captions}`,
      };
      positions[video.kind] += 1;
      return {
        slug: video.slug,
        title: video.title,
        description: video.description,
        kind: video.kind,
        durationSeconds: demoDuration(video),
        skillTags: video.skillTags,
        premium: video.premium,
        position: positions[video.kind],
        mediaKey: keys.media,
        mediaVersion: await store.version(keys.media),
        posterKey: keys.poster,
        posterVersion: await store.version(keys.poster),
        captionsKey: keys.captions,
        captionsVersion: await store.version(keys.captions),
      };
    }),
  );
  const inserted = await insertMissingVideos(db, rows);

  const stored = await db.select().from(videos).where(like(videos.mediaKey, 'demo/%'));
  for (const row of stored) {
    const fresh = rows.find((candidate) => candidate.mediaKey === row.mediaKey);
    if (
      fresh &&
      (fresh.mediaVersion !== row.mediaVersion ||
        fresh.posterVersion !== row.posterVersion ||
        fresh.captionsVersion !== row.captionsVersion)
    ) {
      const { mediaVersion, posterVersion, captionsVersion } = fresh;
      await db
        .update(videos)
        .set({ mediaVersion, posterVersion, captionsVersion })
        .where(eq(videos.id, row.id));
    }
  }
  return inserted;
}
