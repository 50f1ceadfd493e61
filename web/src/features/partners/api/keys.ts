import type { PartnerListQuery } from '@uplift/contracts';

export type PartnerFilters = Partial<
  Pick<PartnerListQuery, 'q' | 'category' | 'skill' | 'city' | 'near' | 'page' | 'pageSize'>
>;

/** Query keys of the partners feature; a member's own requests sit under their id. */
export const partnerKeys = {
  all: ['partners'] as const,
  list: (filters: PartnerFilters) => ['partners', 'list', filters] as const,
  detail: (idOrSlug: string) => ['partners', 'detail', idOrSlug] as const,
  myRequests: (userId: string) => ['partners', 'my-requests', userId] as const,
  adminRequestsAll: ['partners', 'admin-requests'] as const,
  adminRequests: (status: string) => ['partners', 'admin-requests', status] as const,
};
