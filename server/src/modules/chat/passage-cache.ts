import type { KnowledgePoint } from '@uplift/contracts';

export interface PassageCacheOptions {
  /** How long a question's passages are reused: as long as the public knowledge search keeps its answers. */
  ttlMs: number;
  /** Questions kept at most; the least recently asked goes first. */
  maxEntries: number;
  now?: () => number;
}

/**
 * The passages retrieved for recent questions. Visitors often ask the same ones (the suggested questions
 * of the chat's welcome panel), and retrieval is a database round trip that the model's request waits
 * for. An entry is reused for `ttlMs`, like the public knowledge search's cached answers, unless `clear`
 * drops them all first (the knowledge points were written). A search in flight is shared; a failed one is
 * forgotten at once.
 */
export function createPassageCache(
  search: (question: string) => Promise<KnowledgePoint[]>,
  { ttlMs, maxEntries, now = Date.now }: PassageCacheOptions,
) {
  const entries = new Map<string, { at: number; passages: Promise<KnowledgePoint[]> }>();
  return {
    /** A search still in flight is dropped too: its result may predate the write. */
    clear(): void {
      entries.clear();
    },
    get(question: string): Promise<KnowledgePoint[]> {
      const at = now();
      const kept = entries.get(question);
      // Deleted and set again on a hit: the map's order is then the order of last use.
      entries.delete(question);
      if (kept && at - kept.at < ttlMs) {
        entries.set(question, kept);
        return kept.passages;
      }
      const entry = { at, passages: search(question) };
      entries.set(question, entry);
      entry.passages.catch(() => {
        if (entries.get(question) === entry) entries.delete(question);
      });
      for (const oldest of entries.keys()) {
        if (entries.size <= maxEntries) break;
        entries.delete(oldest);
      }
      return entry.passages;
    },
  };
}
