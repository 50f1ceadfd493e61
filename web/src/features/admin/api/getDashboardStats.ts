import { queryOptions } from '@tanstack/react-query';
import { dashboardStatsSchema } from '@uplift/contracts';
import { http } from '../../../lib/http/index.ts';
import { adminKeys } from './keys.ts';

/** GET /api/metrics/dashboard-stats over the last `days` days. */
export function dashboardStatsQueryOptions(days: number) {
  return queryOptions({
    queryKey: adminKeys.dashboard(days),
    queryFn: ({ signal }) =>
      http.get(`/metrics/dashboard-stats?days=${days}`, { schema: dashboardStatsSchema, signal }),
    meta: { offlineCache: false },
  });
}
