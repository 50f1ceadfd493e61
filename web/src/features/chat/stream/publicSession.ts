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

export function savePublicEntries(entries: readonly ChatEntry[]): void {
  const finished = entries.filter((entry) => !isInProgress(entry)).slice(-keepEntries);
  try {
    if (finished.length === 0) sessionStorage.removeItem(storageKey);
    else sessionStorage.setItem(storageKey, JSON.stringify(finished));
  } catch {
    // Storage full or blocked (private mode): the chat still works, it just won't survive a reload.
  }
}
