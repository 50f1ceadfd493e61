import { queryOptions } from '@tanstack/react-query';
import { videoSchema } from '@uplift/contracts';
import { http } from '../../../lib/http/index.ts';
import { videoKeys } from './keys.ts';

/** GET /api/videos/:id: one video with the viewer's progress (where the player resumes). */
export function videoQueryOptions(viewer: string | null, id: string) {
  return queryOptions({
    queryKey: videoKeys.video(viewer, id),
    queryFn: ({ signal }) => http.get(`/videos/${encodeURIComponent(id)}`, { schema: videoSchema, signal }),
    // Always the server's latest position when the player opens.
    staleTime: 0,
  });
}
