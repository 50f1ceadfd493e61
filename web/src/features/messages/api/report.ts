import { useMutation, useQueryClient } from '@tanstack/react-query';
import { successResponseSchema, type ConversationReportInput } from '@uplift/contracts';
import { http } from '../../../lib/http/index.ts';
import { messageKeys } from './keys.ts';

/** POST /api/messages/with/:memberId/report: the conversation goes to the moderators' queue. */
export function useReportConversation(userId: string, memberId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ConversationReportInput) =>
      http.post(`/messages/with/${memberId}/report`, { body: input, schema: successResponseSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageKeys.conversation(userId, memberId) }),
  });
}
