import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  adminPartnerListSchema,
  adminPartnerSchema,
  successResponseSchema,
  type AdminPartnerCreate,
  type AdminPartnerUpdate,
} from '@uplift/contracts';
import { http, uploadWithProgress } from '../../../lib/http/index.ts';
import { partnerKeys } from '../../partners/index.ts';
import { adminKeys } from './keys.ts';

/** GET /api/admin/partners: every partner, unpublished ones too. */
export function adminPartnersQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.partners(),
    queryFn: ({ signal }) => http.get('/admin/partners', { schema: adminPartnerListSchema, signal }),
    meta: { offlineCache: false },
  });
}

/** After any change: the admin list, the audit log, and the members' directory. */
function useRefreshAfter() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminKeys.partners() }),
      queryClient.invalidateQueries({ queryKey: adminKeys.audit() }),
      queryClient.invalidateQueries({ queryKey: partnerKeys.all }),
    ]);
}

export function useSavePartner() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (save: { id: null; body: AdminPartnerCreate } | { id: string; body: AdminPartnerUpdate }) =>
      save.id === null
        ? http.post('/admin/partners', {
            body: save.body,
            schema: adminPartnerSchema,
            idempotencyKey: crypto.randomUUID(),
          })
        : http.patch(`/admin/partners/${encodeURIComponent(save.id)}`, {
            body: save.body,
            schema: adminPartnerSchema,
            idempotencyKey: crypto.randomUUID(),
          }),
    onSettled: refresh,
  });
}

export function useDeletePartner() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (id: string) =>
      http.delete(`/admin/partners/${encodeURIComponent(id)}`, {
        schema: successResponseSchema,
        idempotencyKey: crypto.randomUUID(),
      }),
    onSettled: refresh,
  });
}

/** POST /api/admin/partners/:id/logo (multipart), reporting progress from 0 to 1. */
export function useUploadPartnerLogo() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: ({ id, file, onProgress }: { id: string; file: File; onProgress: (f: number) => void }) => {
      const body = new FormData();
      body.append('file', file, file.name);
      return uploadWithProgress(`/admin/partners/${encodeURIComponent(id)}/logo`, {
        body,
        schema: adminPartnerSchema,
        onProgress,
      });
    },
    onSettled: refresh,
  });
}
