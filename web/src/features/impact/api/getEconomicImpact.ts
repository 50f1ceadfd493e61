import { queryOptions } from '@tanstack/react-query';
import type { economicImpactSchema } from '@uplift/contracts';
import { http, serverChecked } from '../../../lib/http/index.ts';
import { impactKeys } from './keys.ts';

/** GET /api/metrics/economic-impact: community figures computed from stored rows. */
export function economicImpactQueryOptions() {
  return queryOptions({
    queryKey: impactKeys.economicImpact(),
    queryFn: ({ signal }) =>
      http.get('/metrics/economic-impact', { schema: serverChecked<typeof economicImpactSchema>(), signal }),
    staleTime: 30_000,
  });
}
