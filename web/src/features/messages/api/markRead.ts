import { useMutation } from '@tanstack/react-query';
import { successResponseSchema } from '@uplift/contracts';
import { http } from '../../../lib/http/index.ts';

/**
 * POST /api/messages/with/:memberId/read: the member has seen the conversation up to a message. Not queued
 * offline: the next visit online marks it again.
 */
export function useMarkConversationRead(memberId: string) {
  return useMutation({
    mutationFn: (upTo: string) =>
      http.post(`/messages/with/${memberId}/read`, { body: { upTo }, schema: successResponseSchema }),
  });
}
