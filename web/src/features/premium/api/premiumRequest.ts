import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { myPremiumRequestSchema, premiumRequestSchema } from '@uplift/contracts';
import { http } from '../../../lib/http/index.ts';

/** Under the member's id, so accounts on one device never mix. */
export const premiumKeys = { request: (userId: string) => ['premium', userId, 'request'] as const };

/** GET /api/premium/request: whether the member has already asked. */
export function premiumRequestQueryOptions(userId: string) {
  return queryOptions({
    queryKey: premiumKeys.request(userId),
    queryFn: ({ signal }) => http.get('/premium/request', { schema: myPremiumRequestSchema, signal }),
  });
}

/** POST /api/premium/request: asks the admins; a 409 (asked on another device) shows the request too. */
export function useRequestPremium(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => http.post('/premium/request', { body: {}, schema: premiumRequestSchema }),
    onSuccess: (request) => queryClient.setQueryData(premiumKeys.request(userId), { request }),
    onError: () => queryClient.invalidateQueries({ queryKey: premiumKeys.request(userId) }),
  });
}
