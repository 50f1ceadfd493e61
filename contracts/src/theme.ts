/** The colour theme a member chose: follow the device (`system`), or always light or dark (decision 0077). */
export const themePreferences = ['system', 'light', 'dark'] as const;
export type ThemePreference = (typeof themePreferences)[number];

/** Where the choice is kept on a device, for visitors, offline, and before the server's copy arrives. */
export const themeStorageKey = 'uplift.theme';

/**
 * Run in the page's <head> before anything is painted: sets the `dark` class on <html> from the stored
 * choice, or from the device's setting when none, so no screen flashes in the wrong theme. Inline, so it
 * costs no request; the server's Content-Security-Policy allows exactly this text by its hash.
 */
export const themeBootScript = `try{var t=localStorage.getItem(${JSON.stringify(
  themeStorageKey,
)})}catch(e){}document.documentElement.classList.toggle("dark",t==="dark"||t!=="light"&&matchMedia("(prefers-color-scheme: dark)").matches)`;
