import { profileImageResponseSchema } from '@uplift/contracts';
import { uploadWithProgress } from '../../../lib/http/index.ts';

/** POST /api/profile/upload-image (multipart), reporting progress from 0 to 1. */
export function uploadPhoto(file: Blob, onProgress: (fraction: number) => void, signal?: AbortSignal) {
  const body = new FormData();
  body.append('image', file, 'photo');
  return uploadWithProgress('/profile/upload-image', {
    body,
    schema: profileImageResponseSchema,
    onProgress,
    signal,
  });
}
