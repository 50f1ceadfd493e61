import { queryOptions } from '@tanstack/react-query';
import type { myPartnerRequestsResponseSchema } from '@uplift/contracts';
import { http, serverChecked } from '../../../lib/http/index.ts';
import { partnerKeys } from './keys.ts';

/** GET /api/partners/my-requests: the signed-in member's connection requests and their status. */
export function myPartnerRequestsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: partnerKeys.myRequests(userId),
    queryFn: ({ signal }) =>
      http.get('/partners/my-requests', {
        schema: serverChecked<typeof myPartnerRequestsResponseSchema>(),
        signal,
      }),
  });
}
