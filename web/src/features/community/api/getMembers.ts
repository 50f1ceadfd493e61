import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { type MemberDirectoryQuery } from '@uplift/contracts';
import type { memberDirectorySchema } from '@uplift/contracts';
import { http, serverChecked } from '../../../lib/http/index.ts';
import { communityKeys, searchOf } from './keys.ts';

/** GET /api/community/users: the member directory, as the caller may see it. */
export function membersQueryOptions(query: MemberDirectoryQuery) {
  return queryOptions({
    queryKey: communityKeys.members(query),
    queryFn: ({ signal }) =>
      http.get(`/community/users${searchOf(query)}`, {
        schema: serverChecked<typeof memberDirectorySchema>(),
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
