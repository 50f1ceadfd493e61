/** Receiving uploaded files (one file per request, checked and re-encoded) and serving stored uploads. */
import { inRootContext, type App } from '../../plugins/root-context.ts';
import { uploadsRoutes } from './uploads.routes.ts';

export { uploadStorage } from './storage.ts';
export type { FileStorage } from './file-storage.ts';
export { loadSharp, processImage, type ProcessedImage } from './image-pipeline.ts';

export async function register(app: App, deps: Parameters<typeof uploadsRoutes>[1]): Promise<void> {
  await app.register(inRootContext(uploadsRoutes), deps);
}
