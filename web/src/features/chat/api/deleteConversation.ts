import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { successResponseSchema } from '@uplift/contracts';
import { http, serverChecked } from '../../../lib/http/index.ts';
import { chatKeys } from './keys.ts';

export function deleteConversation(id: string) {
  return http.delete(`/chat/conversations/${encodeURIComponent(id)}`, {
    schema: serverChecked<typeof successResponseSchema>(),
  });
}

/** DELETE /api/chat/conversations/:id: the conversation and its messages. */
export function useDeleteConversation(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteConversation,
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: chatKeys.conversation(userId, id) });
      return queryClient.invalidateQueries({ queryKey: chatKeys.conversations(userId) });
    },
  });
}
