import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { communityPostSchema } from '@uplift/contracts';
import { http, serverChecked } from '../../../lib/http/index.ts';
import { communityKeys } from './keys.ts';

/**
 * PUT /api/community/posts/:id/pin (admins only; the server checks the role). Sent at once rather than
 * queued: an admin expects to see the feed reorder, and the feed is refetched so the post moves on top.
 */
export function usePin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, pinned }: { postId: string; pinned: boolean }) =>
      http.put(`/community/posts/${postId}/pin`, {
        body: { pinned },
        schema: serverChecked<typeof communityPostSchema>(),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: communityKeys.posts() }),
  });
}
