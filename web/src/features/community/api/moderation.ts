import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type ModerationDecision } from '@uplift/contracts';
import type { moderationQueueSchema, successResponseSchema } from '@uplift/contracts';
import { http, serverChecked } from '../../../lib/http/index.ts';
import { communityKeys } from './keys.ts';

/** GET /api/admin/moderation: reported content with its reports. */
export function moderationQueryOptions() {
  return queryOptions({
    queryKey: communityKeys.moderation(),
    queryFn: ({ signal }) =>
      http.get('/admin/moderation', { schema: serverChecked<typeof moderationQueueSchema>(), signal }),
  });
}

/** POST /api/admin/moderation/decisions: hide, restore or dismiss. */
export function useModerate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { postId: string; commentId?: string; decision: ModerationDecision }) =>
      http.post('/admin/moderation/decisions', {
        body: input,
        schema: serverChecked<typeof successResponseSchema>(),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: communityKeys.all }),
  });
}
