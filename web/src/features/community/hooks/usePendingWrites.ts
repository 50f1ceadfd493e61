import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { useOfflineQueue, type OfflineQueueItem } from '../../../lib/offline/index.ts';
import { communityKeys, queueTypes } from '../api/keys.ts';
import { queuedPostId } from '../api/queuedPosts.ts';

export interface PendingWrite {
  /** The queue item's id. */
  id: string;
  /** For posts: the id the post will have on the server (chosen here). */
  postId: string | null;
  body: string;
  topicId?: string;
  /** For comments: the post's address it will land on. */
  url: string;
}

function bodyOf(item: OfflineQueueItem): { body?: unknown; topicId?: unknown } {
  return typeof item.data === 'object' && item.data !== null ? item.data : {};
}

/**
 * This member's queued posts or comments, oldest first: the order the queue will send them in. When one
 * leaves the queue (sent), the feed and threads are fetched again, so it shows in its place, once.
 */
export function usePendingWrites(type: 'post' | 'comment', userId: string | null): PendingWrite[] {
  const items = useOfflineQueue();
  const queryClient = useQueryClient();
  const pending = useMemo(
    () =>
      items
        .filter((item) => item.type === queueTypes[type] && item.ownerId === userId)
        .sort((a, b) => a.timestamp - b.timestamp)
        .map((item) => {
          const data = bodyOf(item);
          return {
            id: item.id,
            postId: queuedPostId(item),
            url: item.url,
            body: typeof data.body === 'string' ? data.body : '',
            topicId: typeof data.topicId === 'string' ? data.topicId : undefined,
          };
        }),
    [items, type, userId],
  );

  const shown = useRef<ReadonlySet<string>>(new Set());
  useEffect(() => {
    const now = new Set(pending.map((write) => write.id));
    const left = [...shown.current].some((id) => !now.has(id));
    shown.current = now;
    if (left) void queryClient.invalidateQueries({ queryKey: communityKeys.posts() });
  }, [pending, queryClient]);

  return pending;
}
