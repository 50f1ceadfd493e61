/**
 * A new deployment replaces the app's files under an open tab: the old page then asks for route code that
 * no longer exists. Reloading once fetches the new version at the address the member was going to; a
 * second failure soon after on the same address is a real outage, shown as such rather than reloaded
 * forever.
 */
const storageKey = 'uplift.chunk-reload';
/** A reload for the same address within this window already happened: do not loop. */
export const reloadWindowMs = 30_000;

const chunkFailurePatterns = [
  /Failed to fetch dynamically imported module/i, // Chromium
  /error loading dynamically imported module/i, // Firefox
  /Importing a module script failed/i, // Safari
  /Unable to preload CSS/i, // Vite's preload helper
  /Loading (CSS )?chunk .* failed/i,
];

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return chunkFailurePatterns.some((pattern) => pattern.test(error.message));
}

interface RecoveryDeps {
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
  reload?: () => void;
  now?: () => number;
}

/**
 * Reloads the page for `address` unless that was just tried. Returns whether it reloads (the caller then
 * shows a quiet loading state rather than an error, for the moment before the page goes).
 */
export function reloadOnceForNewVersion(address: string, deps: RecoveryDeps = {}): boolean {
  const storage = deps.storage ?? sessionStorage;
  const now = deps.now?.() ?? Date.now();
  try {
    const last = JSON.parse(storage.getItem(storageKey) ?? 'null') as {
      address?: string;
      at?: number;
    } | null;
    if (last?.address === address && typeof last.at === 'number' && now - last.at < reloadWindowMs) {
      return false;
    }
    storage.setItem(storageKey, JSON.stringify({ address, at: now }));
  } catch {
    // Without storage there is no way to know whether this already looped: show the error instead.
    return false;
  }
  (deps.reload ?? (() => window.location.reload()))();
  return true;
}
