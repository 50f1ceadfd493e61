import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { useOfflineQueue } from '../../../lib/offline/index.ts';
import { messageKeys, messageQueueType } from '../api/keys.ts';
import { messagePath } from '../api/sendMessage.ts';

export interface PendingMessage {
  /** The queue item's id. */
  id: string;
  /** The id the message will have on the server. */
  messageId: string | null;
  body: string;
}

/**
 * This member's messages to `memberId` still in the offline queue, oldest first. When one leaves the queue
 * (sent), the conversation is fetched again so it shows in its place, once.
 */
export function usePendingMessages(userId: string, memberId: string): PendingMessage[] {
  const items = useOfflineQueue();
  const queryClient = useQueryClient();
  const pending = useMemo(
    () =>
      items
        .filter(
          (item) =>
            item.type === messageQueueType &&
            item.ownerId === userId &&
            item.url.endsWith(messagePath(memberId)),
        )
        .sort((a, b) => a.timestamp - b.timestamp)
        .map((item) => {
          const data = (typeof item.data === 'object' && item.data !== null ? item.data : {}) as {
            id?: unknown;
            body?: unknown;
          };
          return {
            id: item.id,
            messageId: typeof data.id === 'string' ? data.id : null,
            body: typeof data.body === 'string' ? data.body : '',
          };
        }),
    [items, userId, memberId],
  );

  const shown = useRef<ReadonlySet<string>>(new Set());
  useEffect(() => {
    const now = new Set(pending.map((message) => message.id));
    const left = [...shown.current].some((id) => !now.has(id));
    shown.current = now;
    if (left) void queryClient.invalidateQueries({ queryKey: messageKeys.all(userId) });
  }, [pending, queryClient, userId]);

  return pending;
}
