/**
 * Signed-in sessions kept in memory for a few seconds, so a signed-in request does not read the sessions
 * table every time. Correctness never rests on the time limit: every change that can end a session or alter
 * its member publishes `server.sessions.changed` from the database itself (migration 0015's triggers), and
 * each instance forgets that member's entries on it; the instance that made the change forgets them at once.
 * The time limit only bounds how long an entry outlives a notification that never came (a listener that was
 * down, when the cache is switched off anyway).
 */
export interface SessionCache<T> {
  get(tokenHash: string, now: number): T | null;
  /**
   * Keeps `value` unless a member was forgotten after `lookupStarted` (`epoch()` before the read): a read
   * that raced a change must not put the old row back.
   */
  set(tokenHash: string, userId: string, value: T, now: number, lookupStarted: number): void;
  forgetUser(userId: string): void;
  clear(): void;
  /** Changes on every forget: read it before looking a session up, hand it to `set`. */
  epoch(): number;
  readonly size: number;
}

export function createSessionCache<T>({ ttlMs, maxEntries }: { ttlMs: number; maxEntries: number }) {
  const entries = new Map<string, { value: T; userId: string; until: number }>();
  const byUser = new Map<string, Set<string>>();
  let epoch = 0;

  function remove(tokenHash: string) {
    const entry = entries.get(tokenHash);
    if (!entry) return;
    entries.delete(tokenHash);
    const hashes = byUser.get(entry.userId);
    hashes?.delete(tokenHash);
    if (hashes?.size === 0) byUser.delete(entry.userId);
  }

  const cache: SessionCache<T> = {
    get(tokenHash, now) {
      const entry = entries.get(tokenHash);
      if (!entry) return null;
      if (entry.until > now) return entry.value;
      remove(tokenHash);
      return null;
    },
    set(tokenHash, userId, value, now, lookupStarted) {
      if (lookupStarted !== epoch) return;
      remove(tokenHash);
      entries.set(tokenHash, { value, userId, until: now + ttlMs });
      const hashes = byUser.get(userId) ?? new Set<string>();
      hashes.add(tokenHash);
      byUser.set(userId, hashes);
      // Map order is insertion order: the first key is the oldest entry.
      if (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) remove(oldest);
      }
    },
    forgetUser(userId) {
      epoch += 1;
      for (const tokenHash of byUser.get(userId) ?? []) remove(tokenHash);
    },
    clear() {
      epoch += 1;
      entries.clear();
      byUser.clear();
    },
    epoch: () => epoch,
    get size() {
      return entries.size;
    },
  };
  return cache;
}
