import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { partnerListResponseSchema } from '@uplift/contracts';
import { http, serverChecked } from '../../../lib/http/index.ts';
import { partnerKeys, type PartnerFilters } from './keys.ts';

export function partnersSearch(filters: PartnerFilters): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** GET /api/partners: search, filters and "near me" ordering (the distance comes back on each partner). */
export function partnersQueryOptions(filters: PartnerFilters) {
  return queryOptions({
    queryKey: partnerKeys.list(filters),
    queryFn: ({ signal }) =>
      http.get(`/partners${partnersSearch(filters)}`, {
        schema: serverChecked<typeof partnerListResponseSchema>(),
        signal,
      }),
    staleTime: 5 * 60_000,
    // Typing in the search box keeps the last results on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}
