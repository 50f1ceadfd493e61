import { offlineLimits } from '@uplift/contracts';

/** SPEC §3 offline cache entry. */
export interface OfflineCacheEntry<T = unknown> {
  key: string;
  data: T;
  /** When it was stored (ms since the epoch). */
  timestamp: number;
  /** When it stops being served (ms since the epoch). */
  expiresAt: number;
  /** What kind of content, e.g. the first part of a query key ("chat", "partners"). */
  type: string;
}

/** SPEC §9: entries live 60 minutes unless told otherwise. */
export function createCacheEntry<T>(
  key: string,
  data: T,
  type: string,
  now: number,
  ttlMs: number = offlineLimits.cacheExpiryMs,
): OfflineCacheEntry<T> {
  return { key, data, timestamp: now, expiresAt: now + ttlMs, type };
}

export function isExpired(entry: Pick<OfflineCacheEntry, 'expiresAt'>, now: number): boolean {
  return now >= entry.expiresAt;
}

/**
 * What to remove so the cache keeps SPEC §9's limits: every expired entry, then the oldest until at most
 * 100 remain.
 */
export function selectCacheEvictions(
  entries: readonly OfflineCacheEntry[],
  now: number,
  max: number = offlineLimits.cacheMaxEntries,
): OfflineCacheEntry[] {
  const expired = entries.filter((entry) => isExpired(entry, now));
  const live = entries
    .filter((entry) => !isExpired(entry, now))
    .sort((a, b) => a.timestamp - b.timestamp || (a.key < b.key ? -1 : 1));
  return [...expired, ...live.slice(0, Math.max(0, live.length - max))];
}

/** SPEC §8: offline with nothing cached. */
export const noCachedContentMessage = 'No cached content available';
