import { offlineLimits } from '@uplift/contracts';
import { debugLog } from '../errors/debug.ts';
import {
  createCacheEntry,
  isExpired,
  selectCacheEvictions,
  type OfflineCacheEntry,
} from './contentCacheRules.ts';

/** SPEC §9: local storage holds the offline cache, one item per entry under this prefix. */
export const contentCachePrefix = 'uplift:offline-cache:';

export interface ContentCache {
  /** The entry, unless it is missing or expired (an expired one is removed on the way). */
  get<T = unknown>(key: string): OfflineCacheEntry<T> | null;
  set<T>(key: string, data: T, options?: { type?: string; ttlMs?: number }): OfflineCacheEntry<T> | null;
  remove(key: string): void;
  clear(): void;
  /** SPEC §9: drops expired entries (every 5 minutes, see `startCleanup`). Returns how many went. */
  cleanup(): number;
  /** Every stored entry, newest first (the diagnostics page). */
  getSnapshot(): readonly OfflineCacheEntry[];
  subscribe(listener: () => void): () => void;
  /** Runs `cleanup` every 5 minutes; returns the stop function. */
  startCleanup(): () => void;
}

function isEntry(value: unknown): value is OfflineCacheEntry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry.key === 'string' &&
    typeof entry.timestamp === 'number' &&
    typeof entry.expiresAt === 'number' &&
    typeof entry.type === 'string' &&
    'data' in entry
  );
}

export function createContentCache(
  options: { storage?: Storage | null; now?: () => number; prefix?: string } = {},
): ContentCache {
  const now = options.now ?? (() => Date.now());
  const prefix = options.prefix ?? contentCachePrefix;
  const storage = options.storage === undefined ? defaultStorage() : options.storage;
  const listeners = new Set<() => void>();
  let snapshot: readonly OfflineCacheEntry[] | null = null;

  function storageKeys(): string[] {
    if (!storage) return [];
    const keys: string[] = [];
    for (let index = 0; index < storage.length; index += 1) {
      const key = storage.key(index);
      if (key?.startsWith(prefix)) keys.push(key);
    }
    return keys;
  }

  function read(storageKey: string): OfflineCacheEntry | null {
    try {
      const raw = storage?.getItem(storageKey);
      if (!raw) return null;
      const parsed: unknown = JSON.parse(raw);
      return isEntry(parsed) ? parsed : null;
    } catch {
      return null;
    }
  }

  function readAll(): OfflineCacheEntry[] {
    const entries: OfflineCacheEntry[] = [];
    for (const key of storageKeys()) {
      const entry = read(key);
      if (entry) entries.push(entry);
      else storage?.removeItem(key);
    }
    return entries;
  }

  function changed(): void {
    snapshot = null;
    for (const listener of listeners) listener();
  }

  function removeEntries(entries: readonly OfflineCacheEntry[]): void {
    for (const entry of entries) storage?.removeItem(prefix + entry.key);
  }

  function write(entry: OfflineCacheEntry): boolean {
    if (!storage) return false;
    const json = JSON.stringify(entry);
    try {
      storage.setItem(prefix + entry.key, json);
      return true;
    } catch {
      // Storage full: make room by dropping the oldest half of the cache, then try once more.
      const live = readAll()
        .filter((other) => other.key !== entry.key)
        .sort((a, b) => a.timestamp - b.timestamp);
      removeEntries(live.slice(0, Math.ceil(live.length / 2)));
      try {
        storage.setItem(prefix + entry.key, json);
        return true;
      } catch (error) {
        debugLog('cache', 'not stored: storage full', entry.key, error);
        return false;
      }
    }
  }

  const cache: ContentCache = {
    get<T>(key: string) {
      const entry = read(prefix + key);
      if (!entry) return null;
      if (isExpired(entry, now())) {
        storage?.removeItem(prefix + key);
        changed();
        return null;
      }
      return entry as OfflineCacheEntry<T>;
    },
    set(key, data, setOptions = {}) {
      const entry = createCacheEntry(key, data, setOptions.type ?? 'content', now(), setOptions.ttlMs);
      let stored: boolean;
      try {
        stored = write(entry);
      } catch (error) {
        // Not JSON (a cycle, a BigInt): this content is simply not kept offline.
        debugLog('cache', 'not stored', key, error);
        return null;
      }
      if (!stored) return null;
      // SPEC §9: at most 100 entries; expired ones go first, then the oldest. Counting keys is cheap;
      // reading every entry only happens when over the limit.
      if (storageKeys().length > offlineLimits.cacheMaxEntries) {
        removeEntries(selectCacheEvictions(readAll(), now()));
      }
      changed();
      return entry;
    },
    remove(key) {
      storage?.removeItem(prefix + key);
      changed();
    },
    clear() {
      for (const key of storageKeys()) storage?.removeItem(key);
      changed();
    },
    cleanup() {
      const at = now();
      const expired = readAll().filter((entry) => isExpired(entry, at));
      removeEntries(expired);
      if (expired.length > 0) changed();
      return expired.length;
    },
    getSnapshot() {
      snapshot ??= readAll().sort((a, b) => b.timestamp - a.timestamp);
      return snapshot;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    startCleanup() {
      cache.cleanup();
      const timer = setInterval(() => cache.cleanup(), offlineLimits.cacheCleanupIntervalMs);
      // Another tab wrote or cleared the cache: the diagnostics page should see it.
      const onStorage = (event: StorageEvent) => {
        if (event.key === null || event.key.startsWith(prefix)) changed();
      };
      if (typeof window !== 'undefined') window.addEventListener('storage', onStorage);
      return () => {
        clearInterval(timer);
        if (typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
      };
    },
  };
  return cache;
}

function defaultStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}
