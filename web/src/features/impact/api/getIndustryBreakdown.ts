import { queryOptions } from '@tanstack/react-query';
import type { industryBreakdownSchema } from '@uplift/contracts';
import { http, serverChecked } from '../../../lib/http/index.ts';
import { impactKeys } from './keys.ts';

/** GET /api/industry-breakdown: the same figures per industry, small ones folded into Other. */
export function industryBreakdownQueryOptions() {
  return queryOptions({
    queryKey: impactKeys.industryBreakdown(),
    queryFn: ({ signal }) =>
      http.get('/industry-breakdown', { schema: serverChecked<typeof industryBreakdownSchema>(), signal }),
    staleTime: 30_000,
  });
}
