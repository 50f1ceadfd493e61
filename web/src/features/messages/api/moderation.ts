import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  reportedConversationListSchema,
  reportedConversationMessagesSchema,
  successResponseSchema,
} from '@uplift/contracts';
import { http } from '../../../lib/http/index.ts';

const reportedKey = ['admin', 'reported-conversations'] as const;

/** GET /api/admin/moderation/conversations: reported conversations, without their messages. */
export const reportedConversationsQueryOptions = queryOptions({
  queryKey: reportedKey,
  queryFn: ({ signal }) =>
    http.get('/admin/moderation/conversations', { schema: reportedConversationListSchema, signal }),
});

/** POST …/:id/open: the admin reads a reported conversation; the server writes it to the audit log. */
export function useOpenReported() {
  return useMutation({
    mutationFn: (id: string) =>
      http.post(`/admin/moderation/conversations/${id}/open`, {
        body: {},
        schema: reportedConversationMessagesSchema,
      }),
  });
}

/** POST …/:id/close: the reports are dealt with; the conversation is private again. */
export function useCloseReported() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      http.post(`/admin/moderation/conversations/${id}/close`, { body: {}, schema: successResponseSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportedKey }),
  });
}
