/**
 * Unsent text, kept per signed-in member and per place (decision 0071): in localStorage, so leaving the
 * page, a reload or being signed out by the server keeps it; the member's own sign-out forgets all of it.
 */
const prefix = 'uplift.draft.';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage switched off (privacy modes): a draft then lasts as long as the screen it is written on.
    return null;
  }
}

function keyOf(userId: string, place: string): string {
  return `${prefix}${userId}.${place}`;
}

export function readDraft(userId: string, place: string): string {
  return storage()?.getItem(keyOf(userId, place)) ?? '';
}

/** Stores the text; empty or blank text removes the draft. */
export function writeDraft(userId: string, place: string, text: string): void {
  const store = storage();
  if (!store) return;
  try {
    if (text.trim() === '') store.removeItem(keyOf(userId, place));
    else store.setItem(keyOf(userId, place), text);
  } catch {
    // Full storage: the text stays on screen, only a reload would lose it.
  }
}

/** Forgets every draft of one member on this device (their own sign-out). */
export function clearDrafts(userId: string): void {
  const store = storage();
  if (!store) return;
  const own = `${prefix}${userId}.`;
  const keys = Array.from({ length: store.length }, (_, index) => store.key(index));
  for (const key of keys) if (key?.startsWith(own)) store.removeItem(key);
}
