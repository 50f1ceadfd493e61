import { queryOptions } from '@tanstack/react-query';
import { profileSchema } from '@uplift/contracts';
import { http } from '../../../lib/http/index.ts';
import { profileKeys } from './keys.ts';

/** GET /api/profile/:id: a member's profile as its privacy allows (the own one in full). */
export function profileQueryOptions(viewer: string, id: string) {
  return queryOptions({
    queryKey: profileKeys.member(viewer, id),
    queryFn: ({ signal }) =>
      http.get(`/profile/${encodeURIComponent(id)}`, { schema: profileSchema, signal }),
  });
}
