import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { blockedMembersSchema, successResponseSchema } from '@uplift/contracts';
import { http } from '../../../lib/http/index.ts';
import { messageKeys } from './keys.ts';

/** GET /api/blocks: the members this member blocked. */
export function blocksQueryOptions(userId: string) {
  return queryOptions({
    queryKey: messageKeys.blocks(userId),
    queryFn: ({ signal }) => http.get('/blocks', { schema: blockedMembersSchema, signal }),
  });
}

/** PUT or DELETE /api/blocks/:memberId: block or unblock a member. */
export function useSetBlocked(userId: string, memberId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (blocked: boolean) =>
      blocked
        ? http.put(`/blocks/${memberId}`, { body: {}, schema: successResponseSchema })
        : http.delete(`/blocks/${memberId}`, { schema: successResponseSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageKeys.all(userId) }),
  });
}
