/**
 * Videos and shorts: the catalogue with watch progress, signed media and captions, and the admin's
 * uploads. The demo catalogue's files are served from the repository (demo-media/).
 */
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { inRootContext, type App } from '../../plugins/root-context.ts';
import { createMediaStore } from './media-store.ts';
import { videoBucket } from './video-bucket.ts';
import { videosAdminRoutes } from './videos.admin.routes.ts';
import { videosRoutes } from './videos.routes.ts';

export {
  demoDuration,
  demoFiles,
  demoMediaDir,
  loadDemoCatalogue,
  type DemoVideo,
} from './demo-catalogue.ts';
export { createMediaStore } from './media-store.ts';
export { insertMissingVideos } from './videos.repo.ts';

export async function register(
  app: App,
  { db, config, incomingDir }: { db: Database; config: Config; incomingDir: string },
): Promise<void> {
  const bucket = await videoBucket(config);
  await app.register(inRootContext(videosRoutes), { db, media: createMediaStore(config.DATA_DIR, bucket) });
  await app.register(inRootContext(videosAdminRoutes), { db, dataDir: config.DATA_DIR, bucket, incomingDir });
}
