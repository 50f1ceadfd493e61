import { infiniteQueryOptions } from '@tanstack/react-query';
import type { memberActivityPageSchema } from '@uplift/contracts';
import { http, serverChecked } from '../../../lib/http/index.ts';
import { communityKeys, searchOf } from './keys.ts';

/** The query key of a member's activity: under the community's, so its writes refresh it too. */
export const activityKey = (memberId: string) => [...communityKeys.all, 'activity', memberId] as const;

/** GET /api/community/members/:id/activity: their posts and comments, newest first, a page at a time. */
export function activityQueryOptions(memberId: string) {
  return infiniteQueryOptions({
    queryKey: activityKey(memberId),
    queryFn: ({ signal, pageParam }) =>
      http.get(
        `/community/members/${encodeURIComponent(memberId)}/activity${searchOf({ cursor: pageParam })}`,
        {
          schema: serverChecked<typeof memberActivityPageSchema>(),
          signal,
        },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}
