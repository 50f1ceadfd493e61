/**
 * Receiving uploaded files (one multipart file to a temporary file, checked, then handled), the image
 * pipeline every uploaded picture goes through, and the route that serves stored uploads. Other modules
 * import this file only; where files are kept is modules/storage.
 */
export { acceptSingleFile, receiveSingleFile } from './single-file.ts';
export { FileRejected } from './file-rejected.ts';
export {
  loadSharp,
  processImage,
  type ImageInput,
  type ImageSize,
  type ProcessedImage,
} from './image-pipeline.ts';
export { uploadKey, uploadUrl, uploadsRoutes } from './uploads.routes.ts';
