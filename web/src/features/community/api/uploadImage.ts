import type { communityImageUploadSchema } from '@uplift/contracts';
import { uploadWithProgress, serverChecked } from '../../../lib/http/index.ts';

/** POST /api/community/images (multipart): the server checks, re-encodes and stores it; a post names its key. */
export function uploadPostImage(file: Blob, onProgress: (fraction: number) => void, signal?: AbortSignal) {
  const body = new FormData();
  body.append('image', file, 'image');
  return uploadWithProgress('/community/images', {
    body,
    schema: serverChecked<typeof communityImageUploadSchema>(),
    onProgress,
    signal,
  });
}
