import { queryOptions } from '@tanstack/react-query';
import type { videoListResponseSchema } from '@uplift/contracts';
import { http, serverChecked } from '../../../lib/http/index.ts';
import { videoKeys } from './keys.ts';

/** GET /api/videos/continue: the member's started, unfinished videos, most recent first. */
export function continueWatchingQueryOptions(userId: string) {
  return queryOptions({
    queryKey: videoKeys.continueWatching(userId),
    queryFn: ({ signal }) =>
      http.get('/videos/continue', { schema: serverChecked<typeof videoListResponseSchema>(), signal }),
  });
}
