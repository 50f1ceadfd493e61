import { queryOptions } from '@tanstack/react-query';
import type { videoListResponseSchema } from '@uplift/contracts';
import { http, serverChecked } from '../../../lib/http/index.ts';
import { videoKeys } from './keys.ts';

/** GET /api/videos/shorts: shorts (9:16), premium ones locked below member-tier-2. */
export function shortsQueryOptions(viewer: string | null) {
  return queryOptions({
    queryKey: videoKeys.shorts(viewer),
    queryFn: ({ signal }) =>
      http.get('/videos/shorts', { schema: serverChecked<typeof videoListResponseSchema>(), signal }),
  });
}
