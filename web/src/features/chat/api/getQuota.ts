import { queryOptions } from '@tanstack/react-query';
import type { chatQuotaSchema } from '@uplift/contracts';
import { http, serverChecked } from '../../../lib/http/index.ts';
import { chatKeys } from './keys.ts';

/** GET /api/chat/quota: today's messages used and left, for a member or an anonymous visitor. */
export function quotaQueryOptions(viewer: string | null) {
  return queryOptions({
    queryKey: chatKeys.quota(viewer),
    queryFn: ({ signal }) =>
      http.get('/chat/quota', { schema: serverChecked<typeof chatQuotaSchema>(), signal }),
    // Every answer's `done` event brings the new count; a refetch is only for the first look.
    staleTime: 60_000,
  });
}
