import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { communityPostListSchema, communityTopicListSchema } from '@uplift/contracts';
import { http, serverChecked } from '../../../lib/http/index.ts';
import { communityKeys, searchOf, type FeedFilters } from './keys.ts';

/** GET /api/community/posts: newest first, pinned on the first page, a cursor for the next. */
export function feedQueryOptions(filters: FeedFilters) {
  return infiniteQueryOptions({
    queryKey: communityKeys.feed(filters),
    queryFn: ({ signal, pageParam }) =>
      http.get(`/community/posts${searchOf({ ...filters, cursor: pageParam })}`, {
        schema: serverChecked<typeof communityPostListSchema>(),
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

export function topicsQueryOptions() {
  return queryOptions({
    queryKey: communityKeys.topics(),
    queryFn: ({ signal }) =>
      http.get('/community/topics', { schema: serverChecked<typeof communityTopicListSchema>(), signal }),
    staleTime: 60 * 60_000,
  });
}
