import { offlineLimits } from '@uplift/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { contentCachePrefix, createContentCache, type ContentCache } from './contentCache.ts';
import {
  createCacheEntry,
  isExpired,
  noCachedContentMessage,
  selectCacheEvictions,
} from './contentCacheRules.ts';

const minute = 60_000;
let cache: ContentCache;

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers({ now: 1_000_000 });
  cache = createContentCache();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('cache rules (SPEC §3, §9)', () => {
  it('an entry has key, data, timestamp, expiresAt (60 minutes later) and type', () => {
    expect(offlineLimits.cacheExpiryMs).toBe(60 * minute);
    expect(createCacheEntry('k', { a: 1 }, 'partners', 5)).toEqual({
      key: 'k',
      data: { a: 1 },
      timestamp: 5,
      expiresAt: 5 + 60 * minute,
      type: 'partners',
    });
  });

  it('expires at exactly 60 minutes', () => {
    const entry = createCacheEntry('k', 1, 't', 0);
    expect(isExpired(entry, 60 * minute - 1)).toBe(false);
    expect(isExpired(entry, 60 * minute)).toBe(true);
  });

  it('keeps at most 100: expired first, then the oldest', () => {
    expect(offlineLimits.cacheMaxEntries).toBe(100);
    const entries = [
      ...Array.from({ length: 101 }, (_, index) => createCacheEntry(`k${index}`, index, 't', 1_000 + index)),
      createCacheEntry('stale', 0, 't', 0, 10),
    ];
    expect(selectCacheEvictions(entries, 500).map((entry) => entry.key)).toEqual(['stale', 'k0']);
  });

  it('pins the offline text', () => {
    expect(noCachedContentMessage).toBe('No cached content available');
  });
});

describe('content cache in local storage', () => {
  it('stores, reads back and serves until expiry, then forgets', () => {
    cache.set('["partners"]', [{ id: 1 }], { type: 'partners' });
    expect(localStorage.getItem(`${contentCachePrefix}["partners"]`)).toContain('"partners"');
    // Another instance (a reload) reads the same storage.
    const reloaded = createContentCache();
    expect(reloaded.get('["partners"]')).toMatchObject({ data: [{ id: 1 }], type: 'partners' });
    vi.advanceTimersByTime(60 * minute - 1);
    expect(reloaded.get('["partners"]')).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(reloaded.get('["partners"]')).toBeNull();
    expect(localStorage.getItem(`${contentCachePrefix}["partners"]`)).toBeNull();
  });

  it('never holds more than 100 entries; the oldest go', () => {
    for (let index = 0; index < 105; index += 1) {
      cache.set(`k${index}`, index);
      vi.advanceTimersByTime(1);
    }
    const keys = cache.getSnapshot().map((entry) => entry.key);
    expect(keys).toHaveLength(100);
    expect(keys).not.toContain('k4');
    expect(keys).toContain('k5');
    expect(keys[0]).toBe('k104');
  });

  it('cleans up expired entries every 5 minutes', () => {
    expect(offlineLimits.cacheCleanupIntervalMs).toBe(5 * minute);
    cache.set('short', 1, { ttlMs: 2 * minute });
    cache.set('long', 2);
    const stop = cache.startCleanup();
    vi.advanceTimersByTime(5 * minute - 1);
    expect(localStorage.getItem(`${contentCachePrefix}short`)).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(localStorage.getItem(`${contentCachePrefix}short`)).toBeNull();
    expect(localStorage.getItem(`${contentCachePrefix}long`)).not.toBeNull();
    stop();
  });

  it('tells subscribers, clears only its own keys, and skips what is not JSON', () => {
    const listener = vi.fn();
    cache.subscribe(listener);
    localStorage.setItem('uplift:user', 'keep me');
    cache.set('a', 1);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(cache.set('b', cyclic)).toBeNull();
    cache.clear();
    expect(cache.getSnapshot()).toEqual([]);
    expect(localStorage.getItem('uplift:user')).toBe('keep me');
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('makes room when storage is full', () => {
    const storage = {
      data: new Map<string, string>(),
      get length() {
        return this.data.size;
      },
      key(index: number) {
        return [...this.data.keys()][index] ?? null;
      },
      getItem(key: string) {
        return this.data.get(key) ?? null;
      },
      setItem(key: string, value: string) {
        if (this.data.size >= 4) throw new DOMException('full', 'QuotaExceededError');
        this.data.set(key, value);
      },
      removeItem(key: string) {
        this.data.delete(key);
      },
      clear() {
        this.data.clear();
      },
    };
    const small = createContentCache({ storage: storage as unknown as Storage });
    for (let index = 0; index < 4; index += 1) {
      small.set(`k${index}`, index);
      vi.advanceTimersByTime(1);
    }
    expect(small.set('k4', 4)).not.toBeNull();
    expect(small.get('k4')?.data).toBe(4);
    expect(small.get('k0')).toBeNull();
  });
});
