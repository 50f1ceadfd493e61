import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { useOfflineQueue, type OfflineQueueItem } from '../../../lib/offline/index.ts';
import { communityKeys, queueTypes } from '../api/keys.ts';

export interface PendingWrite {
  /** The queue item's id. */
  id: string;
  /** The id the post or comment will have on the server, chosen here (null for a write queued without one). */
  serverId: string | null;
  body: string;
  topicId?: string;
  /** For comments: the post's address it will land on. */
  url: string;
}

function bodyOf(item: OfflineQueueItem): { id?: unknown; body?: unknown; topicId?: unknown } {
  return typeof item.data === 'object' && item.data !== null ? item.data : {};
}

/**
 * The writes the server does not show yet. A write whose id is already among the landed ones (the refetch or
 * a live event can bring it before the queue hears the answer) gives way to it in the same render, so it
 * never shows twice.
 */
export function notLanded(pending: PendingWrite[], landedIds: Iterable<string>): PendingWrite[] {
  const landed = new Set(landedIds);
  return pending.filter((write) => write.serverId === null || !landed.has(write.serverId));
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
            serverId: typeof data.id === 'string' ? data.id : null,
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
