import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CommunityCommentInput, communityCommentSchema, successResponseSchema } from '@uplift/contracts';
import { http, serverChecked } from '../../../lib/http/index.ts';
import { sendOrQueue } from '../../../lib/offline/index.ts';
import { communityKeys, queueTypes } from './keys.ts';
import { queuedPostItems } from './queuedPosts.ts';

/**
 * POST /api/community/posts/:id/comments, sent now or queued offline in the order written; on a post still
 * in the queue, it waits for that post. The comment's id is chosen here, so its pending copy gives way to
 * the landed one as soon as the thread has it.
 */
export function useCreateComment(postId: string, userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<CommunityCommentInput, 'id'>) =>
      sendOrQueue({
        method: 'POST',
        path: `/community/posts/${postId}/comments`,
        body: { ...input, id: crypto.randomUUID() },
        schema: serverChecked<typeof communityCommentSchema>(),
        type: queueTypes.comment,
        description: `Comment: ${input.body.slice(0, 40)}`,
        priority: 'medium',
        ownerId: userId,
        dependsOn: queuedPostItems(postId),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: communityKeys.thread(postId) }),
  });
}

/**
 * PATCH or DELETE /api/community/comments/:id: the author changes or removes their comment; offline, an
 * edit waits in the queue.
 */
export function useChangeComment(postId: string, userId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ commentId, body }: { commentId: string; body: string | null }): Promise<unknown> =>
      body === null
        ? http.delete(`/community/comments/${commentId}`, {
            schema: serverChecked<typeof successResponseSchema>(),
          })
        : sendOrQueue({
            method: 'PATCH',
            path: `/community/comments/${commentId}`,
            body: { body },
            schema: serverChecked<typeof communityCommentSchema>(),
            type: queueTypes.edit,
            description: `Edit comment: ${body.slice(0, 40)}`,
            priority: 'medium',
            ownerId: userId,
          }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: communityKeys.thread(postId) }),
  });
}
