import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { adminUserListSchema, type AdminUserListQuery } from '@uplift/contracts';
import { http } from '../../../lib/http/index.ts';
import { adminKeys, searchOf } from './keys.ts';

/** GET /api/users: one page, sorted and filtered by the server. */
export function usersQueryOptions(query: AdminUserListQuery) {
  return queryOptions({
    queryKey: adminKeys.userList(query),
    queryFn: ({ signal }) => http.get(`/users?${searchOf(query)}`, { schema: adminUserListSchema, signal }),
    // The old page stays on screen while the next loads, so the list does not jump.
    placeholderData: keepPreviousData,
    meta: { offlineCache: false },
  });
}
