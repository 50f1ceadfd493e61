interface Entry {
  value: Promise<unknown>;
  expiresAt: number;
}

/**
 * Answers computed from stored rows, kept for `ttlMs` by key. Concurrent callers of one key share one
 * computation (a burst of identical requests costs one set of queries); a failure is not kept. An entry
 * expires `ttlMs` after its computation started, so an answer is never older than that (its queries
 * ran after that moment). `clear` drops everything: a computation already under way still answers its
 * own callers, and the next caller computes again.
 */
export function createResultCache({ ttlMs }: { ttlMs: number }) {
  const entries = new Map<string, Entry>();

  function get<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = entries.get(key);
    if (hit && hit.expiresAt > now) return hit.value as Promise<T>;
    // Keys may be per day (a period ending today): expired ones go rather than pile up.
    for (const [old, entry] of entries) if (entry.expiresAt <= now) entries.delete(old);
    const entry: Entry = { value: Promise.resolve(), expiresAt: now + ttlMs };
    const value = compute().catch((error: unknown) => {
      if (entries.get(key) === entry) entries.delete(key);
      throw error;
    });
    entry.value = value;
    entries.set(key, entry);
    return value;
  }

  return { get, clear: () => entries.clear(), size: () => entries.size };
}

export type ResultCache = ReturnType<typeof createResultCache>;
