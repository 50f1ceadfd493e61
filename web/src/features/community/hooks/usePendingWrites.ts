import { useMemo } from 'react';
import { useOfflineQueue, type OfflineQueueItem } from '../../../lib/offline/index.ts';
import { queueTypes } from '../api/keys.ts';

export interface PendingWrite {
  id: string;
  body: string;
  topicId?: string;
  /** For comments: the post's address it will land on. */
  url: string;
}

function bodyOf(item: OfflineQueueItem): { body?: unknown; topicId?: unknown } {
  return typeof item.data === 'object' && item.data !== null ? item.data : {};
}

/** This member's queued posts or comments, oldest first: the order the queue will send them in. */
export function usePendingWrites(type: 'post' | 'comment', userId: string | null): PendingWrite[] {
  const items = useOfflineQueue();
  return useMemo(
    () =>
      items
        .filter((item) => item.type === queueTypes[type] && item.ownerId === userId)
        .sort((a, b) => a.timestamp - b.timestamp)
        .map((item) => {
          const data = bodyOf(item);
          return {
            id: item.id,
            url: item.url,
            body: typeof data.body === 'string' ? data.body : '',
            topicId: typeof data.topicId === 'string' ? data.topicId : undefined,
          };
        }),
    [items, type, userId],
  );
}
