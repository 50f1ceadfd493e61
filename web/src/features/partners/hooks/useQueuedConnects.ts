import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { useOfflineQueue } from '../../../lib/offline/index.ts';
import { partnerKeys } from '../api/keys.ts';

export const connectQueueType = 'partner-connect';

/**
 * Connection requests still waiting in the offline queue, by partner id. When one leaves the queue (the
 * replay delivered it), the member's requests are fetched again so it shows with its server status.
 */
export function useQueuedConnects(userId: string | null): ReadonlySet<string> {
  const queryClient = useQueryClient();
  const items = useOfflineQueue();
  const partnerIds = useMemo(
    () =>
      new Set(
        items
          .filter((item) => item.type === connectQueueType && item.ownerId === userId)
          .map((item) => /\/partners\/([^/]+)\/connect$/.exec(item.url)?.[1])
          .filter((id): id is string => id !== undefined)
          .map(decodeURIComponent),
      ),
    [items, userId],
  );
  const previous = useRef(partnerIds.size);
  useEffect(() => {
    if (userId && partnerIds.size < previous.current) {
      void queryClient.invalidateQueries({ queryKey: partnerKeys.myRequests(userId) });
    }
    previous.current = partnerIds.size;
  }, [partnerIds, queryClient, userId]);
  return partnerIds;
}
