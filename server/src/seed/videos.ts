import { eq, like } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { videos } from '../db/schema.ts';
import {
  demoDuration,
  demoFiles,
  demoFileVersion,
  insertMissingVideos,
  loadDemoCatalogue,
} from '../modules/videos/index.ts';

/**
 * The demo videos, their files served from the repository (demo-media/). Matched by slug, so reruns add
 * only new ones; a redrawn file gets its new version, so caches pick it up. Nothing here is kept in the
 * storage, so the configuration is not needed.
 */
export async function seedVideos(db: Database): Promise<number> {
  const catalogue = await loadDemoCatalogue();
  const positions = { featured: 0, short: 0 };
  const rows = await Promise.all(
    catalogue.map(async (video) => {
      const files = demoFiles(video.slug);
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
        mediaKey: `demo/${files.media}`,
        mediaVersion: await demoFileVersion(files.media),
        posterKey: `demo/${files.poster}`,
        posterVersion: await demoFileVersion(files.poster),
        captionsKey: `demo/${files.captions}`,
        captionsVersion: await demoFileVersion(files.captions),
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
