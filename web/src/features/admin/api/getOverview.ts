import { queryOptions } from '@tanstack/react-query';
import { adminOverviewSchema } from '@uplift/contracts';
import { http } from '../../../lib/http/index.ts';
import { adminKeys } from './keys.ts';

/** GET /api/admin/overview: work waiting, member counts, latest audit entries. */
export function overviewQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.overview(),
    queryFn: ({ signal }) => http.get('/admin/overview', { schema: adminOverviewSchema, signal }),
    meta: { offlineCache: false },
  });
}
