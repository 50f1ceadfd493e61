import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  adminBulkResultSchema,
  adminUserSchema,
  successResponseSchema,
  type AdminBulkRequest,
  type AdminUserUpdate,
} from '@uplift/contracts';
import { http } from '../../../lib/http/index.ts';
import { adminKeys } from './keys.ts';

function useRefreshAfter() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: adminKeys.all });
}

/** PATCH /api/users/:id: a new role, or suspend / reinstate. */
export function useUpdateUser() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: AdminUserUpdate }) =>
      http.patch(`/users/${encodeURIComponent(id)}`, {
        body: change,
        schema: adminUserSchema,
        idempotencyKey: crypto.randomUUID(),
      }),
    onSettled: refresh,
  });
}

/** POST /api/users/bulk: chosen members, or every member matching the filter. */
export function useBulkUsers() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (request: AdminBulkRequest) =>
      http.post('/users/bulk', {
        body: request,
        schema: adminBulkResultSchema,
        idempotencyKey: crypto.randomUUID(),
      }),
    onSettled: refresh,
  });
}

/** DELETE /api/users/:id: the member's account and personal data go; their content shows "Former member". */
export function useDeleteUser() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (id: string) =>
      http.delete(`/users/${encodeURIComponent(id)}`, {
        schema: successResponseSchema,
        idempotencyKey: crypto.randomUUID(),
      }),
    onSettled: refresh,
  });
}

/** POST /api/users/:id/password-reset: the member is mailed a reset link; the admin never sees it. */
export function useSendPasswordReset() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (id: string) =>
      http.post(`/users/${encodeURIComponent(id)}/password-reset`, { schema: successResponseSchema }),
    onSettled: refresh,
  });
}
