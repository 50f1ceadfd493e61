/**
 * Videos and shorts: the catalogue with watch progress, signed media and captions, and the admin's
 * uploads. The demo catalogue's files are served from the repository (demo-media/).
 */
import type { Database } from '../../db/client.ts';
import { inRootContext, type App } from '../../plugins/root-context.ts';
import type { Storage } from '../storage/index.ts';
import { createVideoFiles } from './video-files.ts';
import { videosAdminRoutes } from './videos.admin.routes.ts';
import { videosRoutes } from './videos.routes.ts';

export {
  demoDuration,
  demoFiles,
  demoMediaDir,
  loadDemoCatalogue,
  type DemoVideo,
} from './demo-catalogue.ts';
export { demoFileVersion } from './video-files.ts';
export { insertMissingVideos } from './videos.repo.ts';
/** The catalogue as Vale names it (chat). */
export { videoSources, type VideoSource } from './video-sources.ts';

export async function register(
  app: App,
  { db, storage, incomingDir }: { db: Database; storage: Storage; incomingDir: string },
): Promise<void> {
  const files = createVideoFiles(storage);
  await app.register(inRootContext(videosRoutes), { db, files });
  await app.register(inRootContext(videosAdminRoutes), { db, files, incomingDir });
}
