import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { communityPostListSchema, communityTopicListSchema } from '@uplift/contracts';
import { http } from '../../../lib/http/index.ts';
import { communityKeys, searchOf, type FeedFilters } from './keys.ts';

/** GET /api/community/posts: newest first, pinned on the first page, a cursor for the next. */
export function feedQueryOptions(filters: FeedFilters) {
  return infiniteQueryOptions({
    queryKey: communityKeys.feed(filters),
    queryFn: ({ signal, pageParam }) =>
      http.get(`/community/posts${searchOf({ ...filters, cursor: pageParam })}`, {
        schema: communityPostListSchema,
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
    queryFn: ({ signal }) => http.get('/community/topics', { schema: communityTopicListSchema, signal }),
    staleTime: 60 * 60_000,
  });
}
