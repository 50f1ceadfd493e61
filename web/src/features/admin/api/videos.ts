import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  adminVideoListSchema,
  adminVideoSchema,
  successResponseSchema,
  videoMediaUploadSchema,
  videoPosterUploadSchema,
  type AdminVideoCreate,
  type AdminVideoUpdate,
} from '@uplift/contracts';
import { http, uploadWithProgress } from '../../../lib/http/index.ts';
import { videoKeys } from '../../videos/index.ts';
import { adminKeys } from './keys.ts';

/** GET /api/admin/videos: every video, unpublished ones too. */
export function adminVideosQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.videos(),
    queryFn: ({ signal }) => http.get('/admin/videos', { schema: adminVideoListSchema, signal }),
    meta: { offlineCache: false },
  });
}

/** After any change: the admin list, the audit log, and the members' video lists (Home, shorts). */
function useRefreshAfter() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminKeys.videos() }),
      queryClient.invalidateQueries({ queryKey: adminKeys.audit() }),
      queryClient.invalidateQueries({ queryKey: videoKeys.all }),
    ]);
}

export function useSaveVideo() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (save: { id: null; body: AdminVideoCreate } | { id: string; body: AdminVideoUpdate }) =>
      save.id === null
        ? http.post('/admin/videos', {
            body: save.body,
            schema: adminVideoSchema,
            idempotencyKey: crypto.randomUUID(),
          })
        : http.patch(`/admin/videos/${encodeURIComponent(save.id)}`, {
            body: save.body,
            schema: adminVideoSchema,
            idempotencyKey: crypto.randomUUID(),
          }),
    onSettled: refresh,
  });
}

export function useDeleteVideo() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (id: string) =>
      http.delete(`/admin/videos/${encodeURIComponent(id)}`, {
        schema: successResponseSchema,
        idempotencyKey: crypto.randomUUID(),
      }),
    onSettled: refresh,
  });
}

function formWith(file: File) {
  const body = new FormData();
  body.append('file', file, file.name);
  return body;
}

/** POST /api/admin/videos/media (multipart): the key of the stored MP4 and its length. */
export function uploadVideoMedia(file: File, onProgress: (fraction: number) => void, signal?: AbortSignal) {
  return uploadWithProgress('/admin/videos/media', {
    body: formWith(file),
    schema: videoMediaUploadSchema,
    onProgress,
    signal,
  });
}

/** POST /api/admin/videos/poster (multipart): the key of the re-encoded poster. */
export function uploadVideoPoster(file: File, onProgress: (fraction: number) => void, signal?: AbortSignal) {
  return uploadWithProgress('/admin/videos/poster', {
    body: formWith(file),
    schema: videoPosterUploadSchema,
    onProgress,
    signal,
  });
}
