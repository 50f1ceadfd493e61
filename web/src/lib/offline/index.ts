/** The offline layer: connectivity, the queue of actions, the content cache, updates (SPEC §3, §4, §7-§9). */
export { currentBuildId } from './buildCheck.ts';
export type { ProbeResult } from './connectivityRules.ts';
export type { ConnectivityState } from './connectivityStore.ts';
export { noCachedContentMessage } from './contentCacheRules.ts';
export type { OfflineCacheEntry } from './contentCacheRules.ts';
export { useConnectivity, useContentCacheEntries, useIsOnline, useOfflineQueue } from './hooks.ts';
export type { ProcessResult } from './offlineQueue.ts';
export type { OfflineQueueItem, QueuePriority } from './queueRules.ts';
export { connectivity, contentCache, offlineQueue } from './runtime.ts';
export { sendOrQueue } from './sendOrQueue.ts';
export type { SendOrQueueInput, SendOrQueueResult } from './sendOrQueue.ts';
export { clearOfflineContent, startOffline } from './start.ts';
export type { StartOfflineOptions } from './start.ts';
