import { queryOptions } from '@tanstack/react-query';
import type { videoListResponseSchema } from '@uplift/contracts';
import { http, serverChecked } from '../../../lib/http/index.ts';
import { videoKeys } from './keys.ts';

/** GET /api/videos/featured: featured videos (16:9), premium ones locked below member-tier-2. */
export function featuredVideosQueryOptions(viewer: string | null) {
  return queryOptions({
    queryKey: videoKeys.featured(viewer),
    queryFn: ({ signal }) =>
      http.get('/videos/featured', { schema: serverChecked<typeof videoListResponseSchema>(), signal }),
  });
}
