import { queryOptions } from '@tanstack/react-query';
import type { adminPartnerRequestListResponseSchema, PartnerRequestStatus } from '@uplift/contracts';
import { http, serverChecked } from '../../../lib/http/index.ts';
import { partnerKeys } from './keys.ts';

/** GET /api/admin/partner-requests: pending ones oldest first, then answered ones. */
export function adminPartnerRequestsQueryOptions(status: PartnerRequestStatus | 'all') {
  const search = status === 'all' ? '?pageSize=50' : `?status=${status}&pageSize=50`;
  return queryOptions({
    queryKey: partnerKeys.adminRequests(status),
    queryFn: ({ signal }) =>
      http.get(`/admin/partner-requests${search}`, {
        schema: serverChecked<typeof adminPartnerRequestListResponseSchema>(),
        signal,
      }),
  });
}
