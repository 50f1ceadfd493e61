import { isInProgress, type ChatEntry } from './chatReducer.ts';

/**
 * An anonymous visitor's chat lives only in this tab (sessionStorage): nothing is stored server-side,
 * and a reload or a trip to sign in and back does not lose what Vale said.
 */
const storageKey = 'uplift.vale.public-chat';
const keepEntries = 40;

function isEntry(value: unknown): value is ChatEntry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Partial<ChatEntry>;
  return (
    typeof entry.key === 'string' &&
    (entry.role === 'user' || entry.role === 'assistant') &&
    typeof entry.content === 'string' &&
    Array.isArray(entry.citations) &&
    typeof entry.status === 'string'
  );
}

export function loadPublicEntries(): ChatEntry[] {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(storageKey) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isEntry) : [];
  } catch {
    return [];
  }
}

/** What is kept of a conversation: its finished entries, the most recent `keepEntries`. */
export function entriesToKeep(entries: readonly ChatEntry[]): ChatEntry[] {
  return entries.filter((entry) => !isInProgress(entry)).slice(-keepEntries);
}

/** Entries from `entriesToKeep`; a changed entry is a new object, so the same objects mean nothing to save. */
export function sameEntries(a: readonly ChatEntry[], b: readonly ChatEntry[]): boolean {
  return a.length === b.length && a.every((entry, index) => entry === b[index]);
}

export function savePublicEntries(kept: readonly ChatEntry[]): void {
  try {
    if (kept.length === 0) sessionStorage.removeItem(storageKey);
    else sessionStorage.setItem(storageKey, JSON.stringify(kept));
  } catch {
    // Storage full or blocked (private mode): the chat still works, it just won't survive a reload.
  }
}
