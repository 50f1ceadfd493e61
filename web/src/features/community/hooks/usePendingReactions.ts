import { useQueryClient } from '@tanstack/react-query';
import type { ReactionKind } from '@uplift/contracts';
import { useEffect, useMemo, useRef } from 'react';
import { useOfflineQueue } from '../../../lib/offline/index.ts';
import { communityKeys, queueTypes } from '../api/keys.ts';

/**
 * This member's reactions to one post still in the offline queue: for each kind, whether it will be on
 * (PUT) or off (DELETE) once sent, the latest tap winning. When they leave the queue (sent), the community's
 * lists and threads are fetched again, so the counts and "mine" come from the server together.
 */
export function usePendingReactions(postId: string, userId: string): ReadonlyMap<ReactionKind, boolean> {
  const items = useOfflineQueue();
  const queryClient = useQueryClient();
  const path = `/community/posts/${postId}/reactions/`;
  const pending = useMemo(() => {
    const byKind = new Map<ReactionKind, boolean>();
    for (const item of items) {
      if (item.type !== queueTypes.reaction || item.ownerId !== userId) continue;
      const at = item.url.indexOf(path);
      if (at === -1) continue;
      byKind.set(item.url.slice(at + path.length) as ReactionKind, item.method === 'PUT');
    }
    return byKind;
  }, [items, path, userId]);

  const previous = useRef(pending.size);
  useEffect(() => {
    if (pending.size < previous.current)
      void queryClient.invalidateQueries({ queryKey: communityKeys.posts() });
    previous.current = pending.size;
  }, [pending, queryClient]);
  return pending;
}
