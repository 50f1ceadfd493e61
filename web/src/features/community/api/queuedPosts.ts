import { offlineQueue, type OfflineQueueItem } from '../../../lib/offline/index.ts';
import { queueTypes } from './keys.ts';

/** The post id a queued post carries (chosen by this client, so it is known before the server has it). */
function queuedPostId(item: OfflineQueueItem): string | null {
  if (item.type !== queueTypes.post || typeof item.data !== 'object' || item.data === null) return null;
  const id = (item.data as { id?: unknown }).id;
  return typeof id === 'string' ? id : null;
}

/**
 * The queue items of a post still waiting to be sent: a comment or reaction on that post depends on them,
 * so the queue sends it only once the post exists on the server.
 */
export function queuedPostItems(postId: string): string[] {
  return offlineQueue
    .getSnapshot()
    .filter((item) => queuedPostId(item) === postId)
    .map((item) => item.id);
}
