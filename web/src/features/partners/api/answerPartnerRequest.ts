import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { adminPartnerRequestSchema, PartnerRequestAnswerBody } from '@uplift/contracts';
import { http, serverChecked } from '../../../lib/http/index.ts';
import { partnerKeys } from './keys.ts';

/** PATCH /api/admin/partner-requests/:id: accept or decline, with an optional message to the member. */
export function useAnswerPartnerRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...answer }: { id: string } & PartnerRequestAnswerBody) =>
      http.patch(`/admin/partner-requests/${encodeURIComponent(id)}`, {
        body: answer,
        schema: serverChecked<typeof adminPartnerRequestSchema>(),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnerKeys.adminRequestsAll }),
  });
}
