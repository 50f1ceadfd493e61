import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { communityReactionsSchema, ReactionKind } from '@uplift/contracts';
import { serverChecked } from '../../../lib/http/index.ts';
import { sendOrQueue } from '../../../lib/offline/index.ts';
import { communityKeys, queueTypes } from './keys.ts';
import { queuedPostItems } from './queuedPosts.ts';

/**
 * PUT (react) or DELETE (take back) /api/community/posts/:id/reactions/:kind: idempotent by nature, so a
 * queued replay never doubles it. The answer's counts land in every list and thread that shows the post.
 */
export function useReact(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, kind, on }: { postId: string; kind: ReactionKind; on: boolean }) =>
      sendOrQueue({
        method: on ? 'PUT' : 'DELETE',
        path: `/community/posts/${postId}/reactions/${kind}`,
        schema: serverChecked<typeof communityReactionsSchema>(),
        type: queueTypes.reaction,
        description: on ? `React ${kind}` : `Take back ${kind}`,
        // Medium like posts and comments: what a member does offline is sent in the order they did it.
        priority: 'medium',
        ownerId: userId,
        dependsOn: queuedPostItems(postId),
        notify: false,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: communityKeys.posts() }),
  });
}
