import { themePreferences, themeStorageKey, type ThemePreference } from '@uplift/contracts';

export type Theme = 'light' | 'dark';

const darkQuery = '(prefers-color-scheme: dark)';
const listeners = new Set<() => void>();

function isThemePreference(value: unknown): value is ThemePreference {
  return themePreferences.some((known) => known === value);
}

/** The choice kept on this device: "system" until one is made (or when storage is refused). */
export function themePreference(): ThemePreference {
  try {
    const stored = localStorage.getItem(themeStorageKey);
    return isThemePreference(stored) ? stored : 'system';
  } catch {
    return 'system';
  }
}

function systemTheme(): Theme {
  return typeof matchMedia === 'function' && matchMedia(darkQuery).matches ? 'dark' : 'light';
}

/** The theme shown now: the choice, or the device's setting when the choice is "system". */
export function currentTheme(): Theme {
  const preference = themePreference();
  return preference === 'system' ? systemTheme() : preference;
}

/**
 * Draws the page in the current theme (the same rule as contracts' boot script) and tells the listeners.
 * The switch is instant: colour transitions (a button's hover) would otherwise sweep the whole screen.
 */
function apply() {
  const root = document.documentElement;
  const dark = currentTheme() === 'dark';
  if (root.classList.contains('dark') !== dark) {
    root.classList.add('theme-switching');
    root.classList.toggle('dark', dark);
    requestAnimationFrame(() => requestAnimationFrame(() => root.classList.remove('theme-switching')));
  }
  for (const listener of listeners) listener();
}

/** Keeps a choice on this device and shows it at once; a member's copy on the server is the caller's. */
export function setThemePreference(preference: ThemePreference) {
  if (preference === themePreference()) return;
  try {
    if (preference === 'system') localStorage.removeItem(themeStorageKey);
    else localStorage.setItem(themeStorageKey, preference);
  } catch {
    // Storage refused (private browsing): the choice still holds until the page is closed.
  }
  apply();
}

/** Calls `listener` whenever the theme shown or the choice changes. Returns the unsubscribe. */
export function subscribeTheme(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Follows the device's setting while the choice is "system" (a phone switching to dark at sunset), and a
 * choice made in another tab. Started once, at start-up.
 */
export function followSystemTheme(): void {
  if (typeof matchMedia === 'function') matchMedia(darkQuery).addEventListener('change', apply);
  window.addEventListener('storage', (event) => {
    if (event.key === themeStorageKey || event.key === null) apply();
  });
  apply();
}
