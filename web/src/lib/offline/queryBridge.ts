import { onlineManager, type Query, type QueryClient } from '@tanstack/react-query';
import type { ToastInput } from '../toasts/toastStore.ts';
import type { ContentCache } from './contentCache.ts';
import { noCachedContentMessage } from './contentCacheRules.ts';

export const noCachedContentToastId = 'no-cached-content';

export const noCachedContentToast: ToastInput = {
  id: noCachedContentToastId,
  type: 'info',
  message: noCachedContentMessage,
};

/** A query may opt out of the offline cache with `meta: { offlineCache: false }` (large or private data). */
function cacheable(query: Query): boolean {
  return query.meta?.offlineCache !== false;
}

function typeOf(query: Query): string {
  const [first] = query.queryKey;
  return typeof first === 'string' ? first : 'query';
}

export interface QueryBridgeDeps {
  cache: ContentCache;
  isOnline: () => boolean;
  subscribeOnline: (listener: (online: boolean) => void) => () => void;
  notify: (toast: ToastInput) => void;
}

/**
 * Wires TanStack Query to the offline layer: its online state follows the connectivity store (so queries
 * pause while offline instead of failing), every successful query result is kept in the content cache,
 * and a query seen before starts from its cached content, so pages already visited still show it offline.
 * Offline with nothing cached, SPEC §8's "No cached content available". Returns the disconnect function.
 */
export function connectQueryClient(queryClient: QueryClient, deps: QueryBridgeDeps): () => void {
  // Queries already told "No cached content available" during this outage.
  const toldEmpty = new Set<string>();
  onlineManager.setEventListener((setOnline) => {
    setOnline(deps.isOnline());
    return deps.subscribeOnline((online) => {
      if (online) toldEmpty.clear();
      setOnline(online);
    });
  });
  let seeding = false;
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    const { query } = event;
    if (!cacheable(query)) return;
    if (event.type === 'added' && query.state.data === undefined) {
      const entry = deps.cache.get(query.queryHash);
      if (!entry) return;
      seeding = true;
      try {
        queryClient.setQueryData(query.queryKey, entry.data, { updatedAt: entry.timestamp });
        // Kept from an earlier visit, so never fresh, whatever the query's staleTime: shown at once (and
        // offline), but fetched again as soon as the connection allows. The server may have changed since.
        void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true, refetchType: 'none' });
      } finally {
        seeding = false;
      }
      return;
    }
    if (event.type !== 'updated') return;
    if (event.action.type === 'success' && !seeding && query.state.data !== undefined) {
      deps.cache.set(query.queryHash, query.state.data, { type: typeOf(query) });
    } else if (
      (event.action.type === 'fetch' || event.action.type === 'pause') &&
      query.state.fetchStatus === 'paused' &&
      query.state.data === undefined &&
      !deps.isOnline() &&
      !toldEmpty.has(query.queryHash)
    ) {
      toldEmpty.add(query.queryHash);
      deps.notify(noCachedContentToast);
    }
  });
  return () => {
    unsubscribe();
    // Back to TanStack's own browser listeners.
    onlineManager.setEventListener((setOnline) => {
      const update = () => setOnline(navigator.onLine);
      window.addEventListener('online', update);
      window.addEventListener('offline', update);
      return () => {
        window.removeEventListener('online', update);
        window.removeEventListener('offline', update);
      };
    });
  };
}
