/**
 * Receiving uploaded files (one multipart file to a temporary file, checked, then handled), the image
 * pipeline every uploaded picture goes through, and the route that serves stored uploads. Other modules
 * import this file only; where files are kept is modules/storage.
 */
import { inRootContext, type App } from '../../plugins/root-context.ts';
import { uploadsRoutes } from './uploads.routes.ts';

export { acceptSingleFile, receiveSingleFile } from './single-file.ts';
export { bodyWatchTakesOver, uploadCeilingMs, type UploadTimeouts } from './body-watch.ts';
export { FileRejected } from './file-rejected.ts';
export {
  loadSharp,
  processImage,
  type ImageInput,
  type ImageSize,
  type ProcessedImage,
} from './image-pipeline.ts';
export { uploadKey, uploadUrl } from './uploads.routes.ts';

export async function register(app: App, deps: Parameters<typeof uploadsRoutes>[1]): Promise<void> {
  await app.register(inRootContext(uploadsRoutes), deps);
}
