import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  memberStoryPageSchemas,
  memberStorySchema,
  type MemberStoryPage,
  type MemberStorySection,
} from '@uplift/contracts';
import type { z } from 'zod';
import { http } from '../../../lib/http/index.ts';
import { adminKeys } from './keys.ts';

/** GET /api/admin/users/:id: the member's account and the first page of every section. */
export function memberStoryQueryOptions(id: string) {
  return queryOptions({
    queryKey: adminKeys.userStory(id),
    queryFn: ({ signal }) =>
      http.get(`/admin/users/${encodeURIComponent(id)}`, { schema: memberStorySchema, signal }),
    meta: { offlineCache: false },
  });
}

/** GET /api/admin/users/:id/:section?page=: a later page of one section. */
export function memberStoryPageQueryOptions<S extends MemberStorySection>(
  id: string,
  section: S,
  page: number,
) {
  return queryOptions({
    queryKey: adminKeys.userStoryPage(id, section, page),
    queryFn: ({ signal }): Promise<MemberStoryPage<S>> =>
      http.get(`/admin/users/${encodeURIComponent(id)}/${section}?page=${page}`, {
        // The section's own schema; TypeScript cannot narrow the table of them by a generic key.
        schema: memberStoryPageSchemas[section] as unknown as z.ZodType<MemberStoryPage<S>>,
        signal,
      }),
    placeholderData: keepPreviousData,
    meta: { offlineCache: false },
  });
}
