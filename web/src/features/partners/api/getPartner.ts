import { queryOptions } from '@tanstack/react-query';
import { partnerSchema } from '@uplift/contracts';
import { http } from '../../../lib/http/index.ts';
import { partnerKeys } from './keys.ts';

/** GET /api/partners/:id: one partner (the deep-linkable detail). */
export function partnerQueryOptions(idOrSlug: string) {
  return queryOptions({
    queryKey: partnerKeys.detail(idOrSlug),
    queryFn: ({ signal }) =>
      http.get(`/partners/${encodeURIComponent(idOrSlug)}`, { schema: partnerSchema, signal }),
    staleTime: 5 * 60_000,
  });
}
