import { onlineManager, QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ToastInput } from '../toasts/toastStore.ts';
import { createContentCache, type ContentCache } from './contentCache.ts';
import { connectQueryClient, noCachedContentToast } from './queryBridge.ts';

let cache: ContentCache;
let client: QueryClient;
let online: boolean;
let onlineListeners: Set<(online: boolean) => void>;
let toasts: ToastInput[];
let disconnect: () => void;

function setOnline(next: boolean) {
  online = next;
  for (const listener of onlineListeners) listener(next);
}

beforeEach(() => {
  localStorage.clear();
  cache = createContentCache();
  client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
  // As QueryClientProvider does: the client follows the online state.
  client.mount();
  online = true;
  onlineListeners = new Set();
  toasts = [];
  disconnect = connectQueryClient(client, {
    cache,
    isOnline: () => online,
    subscribeOnline: (listener) => {
      onlineListeners.add(listener);
      return () => onlineListeners.delete(listener);
    },
    notify: (toast) => toasts.push(toast),
  });
});

afterEach(() => {
  disconnect();
  client.unmount();
  client.clear();
  onlineManager.setOnline(true);
});

describe('TanStack Query and the offline layer', () => {
  it('keeps every successful result in the content cache, typed by its key', async () => {
    await client.fetchQuery({ queryKey: ['partners', { page: 1 }], queryFn: async () => [{ id: 'p1' }] });
    const [entry] = cache.getSnapshot();
    expect(entry).toMatchObject({ key: '["partners",{"page":1}]', data: [{ id: 'p1' }], type: 'partners' });
  });

  it('a page seen before shows its cached content offline (after a reload)', async () => {
    await client.fetchQuery({ queryKey: ['videos'], queryFn: async () => ['v1', 'v2'] });
    // A reload: a new client, the same storage.
    disconnect();
    client.clear();
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.mount();
    disconnect = connectQueryClient(client, {
      cache: createContentCache(),
      isOnline: () => online,
      subscribeOnline: (listener) => {
        onlineListeners.add(listener);
        return () => onlineListeners.delete(listener);
      },
      notify: (toast) => toasts.push(toast),
    });
    setOnline(false);
    const queryFn = vi.fn(async () => ['fresh']);
    const observer = new QueryObserver(client, { queryKey: ['videos'], queryFn });
    const unsubscribe = observer.subscribe(() => undefined);
    expect(observer.getCurrentResult().data).toEqual(['v1', 'v2']);
    expect(queryFn).not.toHaveBeenCalled();
    expect(toasts).toEqual([]);

    // Back online: the stale cached copy is refreshed.
    setOnline(true);
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toEqual(['fresh']));
    unsubscribe();
  });

  it('content kept from an earlier visit is never fresh: online, it is fetched again', async () => {
    cache.set('["conversations"]', ['old'], { type: 'conversations' });
    const queryFn = vi.fn(async () => ['new']);
    await expect(
      client.fetchQuery({ queryKey: ['conversations'], queryFn, staleTime: 60 * 60_000 }),
    ).resolves.toEqual(['new']);
    expect(queryFn).toHaveBeenCalledTimes(1);
    expect(cache.get('["conversations"]')?.data).toEqual(['new']);
  });

  it('offline with nothing cached: "No cached content available"', async () => {
    setOnline(false);
    expect(onlineManager.isOnline()).toBe(false);
    const observer = new QueryObserver(client, { queryKey: ['never-seen'], queryFn: async () => 1 });
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(toasts).toEqual([noCachedContentToast]));
    expect(noCachedContentToast.message).toBe('No cached content available');
    expect(observer.getCurrentResult().fetchStatus).toBe('paused');
    unsubscribe();
  });

  it('leaves out queries that opt out', async () => {
    await client.fetchQuery({
      queryKey: ['secret'],
      queryFn: async () => 's',
      meta: { offlineCache: false },
    });
    expect(cache.getSnapshot()).toEqual([]);
  });
});
