import { useMutation, useQueryClient } from '@tanstack/react-query';
import { communityPostSchema, successResponseSchema, type CommunityPostInput } from '@uplift/contracts';
import { http } from '../../../lib/http/index.ts';
import { sendOrQueue } from '../../../lib/offline/index.ts';
import { communityKeys, queueTypes } from './keys.ts';

/** POST /api/community/posts, sent now or queued offline ("Pending") with one idempotency key. */
export function useCreatePost(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CommunityPostInput) =>
      sendOrQueue({
        method: 'POST',
        path: '/community/posts',
        body: input,
        schema: communityPostSchema,
        type: queueTypes.post,
        description: `Post: ${input.body.slice(0, 40)}`,
        priority: 'medium',
        ownerId: userId,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: communityKeys.posts() }),
  });
}

/** PATCH /api/community/posts/:id: the author edits the text. */
export function useEditPost(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      http.patch(`/community/posts/${postId}`, { body: { body }, schema: communityPostSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: communityKeys.posts() }),
  });
}

/** DELETE /api/community/posts/:id: the text goes, the thread stays readable. */
export function useDeletePost(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => http.delete(`/community/posts/${postId}`, { schema: successResponseSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: communityKeys.posts() }),
  });
}
