import { useMutation, useQueryClient } from '@tanstack/react-query';
import { partnerConnectionRequestSchema, type Partner, type PartnerConnectBody } from '@uplift/contracts';
import { sendOrQueue } from '../../../lib/offline/index.ts';
import { connectQueueType } from '../hooks/useQueuedConnects.ts';
import { partnerKeys } from './keys.ts';

interface ConnectInput {
  partner: Pick<Partner, 'id' | 'name'>;
  body: PartnerConnectBody;
}

/**
 * POST /api/partners/:id/connect, sent now or, offline, queued ("Saved for Later") and delivered once
 * when the connection returns: one idempotency key covers every replay.
 */
export function useConnectPartner(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ partner, body }: ConnectInput) =>
      sendOrQueue({
        method: 'POST',
        path: `/partners/${encodeURIComponent(partner.id)}/connect`,
        body,
        schema: partnerConnectionRequestSchema,
        type: connectQueueType,
        description: `Connect with ${partner.name}`,
        priority: 'high',
        ownerId: userId,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnerKeys.myRequests(userId) }),
  });
}
