import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { accountSessionListSchema, successResponseSchema } from '@uplift/contracts';
import { http } from '../../../lib/http/index.ts';
import { profileKeys } from './keys.ts';

/** GET /api/account/sessions: the devices signed in to this account. */
export function sessionsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: profileKeys.sessions(userId),
    queryFn: ({ signal }) => http.get('/account/sessions', { schema: accountSessionListSchema, signal }),
    meta: { offlineCache: false },
  });
}

/** DELETE /api/account/sessions/:id: signs that device out. */
export function useSignOutDevice(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      http.delete(`/account/sessions/${encodeURIComponent(id)}`, {
        schema: successResponseSchema,
        idempotencyKey: crypto.randomUUID(),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.sessions(userId) }),
  });
}
