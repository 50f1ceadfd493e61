/**
 * A question written while offline waits here until the connection returns: one per viewer, in this tab's
 * sessionStorage, so a reload or a trip to another screen keeps it, and nothing of it outlives the tab
 * for the next person to sign in on the device.
 */
function storageKey(viewer: string | null): string {
  return `uplift.vale.pending-question.${viewer ?? 'anonymous'}`;
}

export function loadPendingQuestion(viewer: string | null): string | null {
  try {
    const text = sessionStorage.getItem(storageKey(viewer));
    return text && text.trim() !== '' ? text : null;
  } catch {
    return null;
  }
}

export function savePendingQuestion(viewer: string | null, text: string | null): void {
  try {
    if (text === null) sessionStorage.removeItem(storageKey(viewer));
    else sessionStorage.setItem(storageKey(viewer), text);
  } catch {
    // Storage blocked (private mode): the question still waits in memory while the screen stays open.
  }
}
