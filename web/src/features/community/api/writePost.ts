import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CommunityPostInput } from '@uplift/contracts';
import type { communityPostSchema, successResponseSchema } from '@uplift/contracts';
import { http, serverChecked } from '../../../lib/http/index.ts';
import { sendOrQueue } from '../../../lib/offline/index.ts';
import { communityKeys, queueTypes } from './keys.ts';

/**
 * POST /api/community/posts, sent now or queued offline ("Pending") with one idempotency key. The caller
 * picks the post's id (`input.id`), so what is written on it offline can name it before it is sent.
 */
export function useCreatePost(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CommunityPostInput & { id: string }) =>
      sendOrQueue({
        method: 'POST',
        path: '/community/posts',
        body: input,
        schema: serverChecked<typeof communityPostSchema>(),
        type: queueTypes.post,
        description: `Post: ${input.body.slice(0, 40)}`,
        priority: 'medium',
        ownerId: userId,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: communityKeys.posts() }),
  });
}

/** PATCH /api/community/posts/:id: the author edits the text; offline, the edit waits in the queue. */
export function useEditPost(postId: string, userId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      sendOrQueue({
        method: 'PATCH',
        path: `/community/posts/${postId}`,
        body: { body },
        schema: serverChecked<typeof communityPostSchema>(),
        type: queueTypes.edit,
        description: `Edit post: ${body.slice(0, 40)}`,
        priority: 'medium',
        ownerId: userId,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: communityKeys.posts() }),
  });
}

/** DELETE /api/community/posts/:id: the text goes, the thread stays readable. */
export function useDeletePost(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      http.delete(`/community/posts/${postId}`, { schema: serverChecked<typeof successResponseSchema>() }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: communityKeys.posts() }),
  });
}
