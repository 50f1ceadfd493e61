import { useSyncExternalStore } from 'react';
import { useStore } from 'zustand';
import type { OfflineCacheEntry } from './contentCacheRules.ts';
import type { ConnectivityState } from './connectivityStore.ts';
import type { OfflineQueueItem } from './queueRules.ts';
import { connectivity, contentCache, offlineQueue } from './runtime.ts';

export function useConnectivity(): ConnectivityState;
export function useConnectivity<T>(select: (state: ConnectivityState) => T): T;
export function useConnectivity<T>(select?: (state: ConnectivityState) => T) {
  return useStore(connectivity.store, select ?? ((state) => state as unknown as T));
}

export function useIsOnline(): boolean {
  return useStore(connectivity.store, (state) => state.online);
}

/** The queued actions, in replay order, kept current across tabs. */
export function useOfflineQueue(): readonly OfflineQueueItem[] {
  return useSyncExternalStore(offlineQueue.subscribe, offlineQueue.getSnapshot, offlineQueue.getSnapshot);
}

/** The content cache's entries, newest first. */
export function useContentCacheEntries(): readonly OfflineCacheEntry[] {
  return useSyncExternalStore(contentCache.subscribe, contentCache.getSnapshot, contentCache.getSnapshot);
}
