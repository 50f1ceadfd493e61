import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { conversationSummarySchema } from '@uplift/contracts';
import { http, serverChecked } from '../../../lib/http/index.ts';
import { chatKeys } from './keys.ts';

export function renameConversation({ id, title }: { id: string; title: string }) {
  return http.patch(`/chat/conversations/${encodeURIComponent(id)}`, {
    body: { title },
    schema: serverChecked<typeof conversationSummarySchema>(),
  });
}

/** PATCH /api/chat/conversations/:id */
export function useRenameConversation(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameConversation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatKeys.conversations(userId) }),
  });
}
