import { debugLog } from '../errors/debug.ts';
import { isNativePlatform } from './platform.ts';

/**
 * SPEC §7 in-app browser, open and close: Capacitor Browser in the shells (an in-app Safari view or Custom
 * Tab, loaded on demand), a new window on the web; if the plugin fails, the new window is the fallback
 * (SPEC §8). It closes when the member comes back to Uplift through a link on the partner's site.
 */

const returnChannelName = 'uplift-in-app-browser-return';
/** The shells' own URL scheme (Android's custom_url_scheme, iOS's CFBundleURLSchemes): the app id. */
const appScheme = 'community.uplift.app:';
/**
 * Marks the web fallback's window. A window opened by script starts with a copy of its opener's session
 * storage, and keeps it for Uplift's origin while it shows other sites: when a link there leads back,
 * the app starting in that window finds the mark and knows it is the in-app browser.
 */
const windowMark = 'uplift.inAppBrowser';

/** The web fallback's window, while open: kept to close it. */
let webWindow: Window | null = null;
/** Which window this tab opened, so that only the tab that opened it takes the member back. */
let webWindowId: string | null = null;

export async function openInAppBrowser(url: string): Promise<void> {
  if (isNativePlatform()) {
    try {
      const { Browser } = await import('@capacitor/browser');
      await Browser.open({ url });
      return;
    } catch (error) {
      debugLog('native', 'in-app browser failed; opening a new window', error);
    }
  }
  // Without "noopener", to keep a handle to close it by; the opener is cut by hand instead, so the
  // partner's page cannot reach back into Uplift's (the window is still blank and same-origin here).
  webWindowId = crypto.randomUUID();
  sessionStorage.setItem(windowMark, webWindowId);
  webWindow = window.open(url, '_blank');
  sessionStorage.removeItem(windowMark);
  if (webWindow) webWindow.opener = null;
}

/** Closes the in-app browser if one is open; failures are swallowed (there is nothing left to close). */
export async function closeInAppBrowser(): Promise<void> {
  if (isNativePlatform()) {
    try {
      const { Browser } = await import('@capacitor/browser');
      await Browser.close();
    } catch (error) {
      debugLog('native', 'in-app browser not closed', error);
    }
  }
  webWindow?.close();
  webWindow = null;
  webWindowId = null;
}

/**
 * Where the member comes back from a partner's site. In the in-app browser's own window (the web
 * fallback), once a link there led back to Uplift: tells the tab that opened it where the link led, and
 * closes once that tab has taken over (a window that has been on another site may no longer answer to
 * its opener's handle, so it closes itself). In that tab: opens the place. Returns the way to stop
 * listening.
 */
export function followInAppBrowserReturns(open: (path: string) => void): () => void {
  if (isNativePlatform()) return followNativeReturns(open);
  if (typeof BroadcastChannel === 'undefined') return () => undefined;
  const channel = new BroadcastChannel(returnChannelName);
  const mark = sessionStorage.getItem(windowMark);
  if (mark) {
    sessionStorage.removeItem(windowMark);
    const { pathname, search, hash } = window.location;
    channel.postMessage({ id: mark, path: `${pathname}${search}${hash}` });
  }
  channel.onmessage = (event: MessageEvent<{ id?: unknown; path?: unknown; taken?: unknown }>) => {
    const { id, path, taken } = event.data;
    // The opening tab took the member back: this window goes. If that tab is gone, nobody answers, and
    // this window simply stays the app at the link's place.
    if (mark && taken === mark) window.close();
    if (!webWindowId || id !== webWindowId || typeof path !== 'string') return;
    channel.postMessage({ taken: webWindowId });
    void closeInAppBrowser();
    window.focus();
    open(path);
  };
  return () => channel.close();
}

/**
 * The place in the app a link into the shells names: `community.uplift.app://partners/x` is
 * `/partners/x`; an https link (once the deployment's domain is associated with the app) keeps its path.
 * Null for anything else.
 */
export function appPathOf(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const { pathname, search, hash } = parsed;
  // A custom scheme's first segment parses as a host ("//partners/x"): here it is the path's first.
  if (parsed.protocol === appScheme)
    return `/${`${parsed.host}${pathname}`.replace(/^\/+/, '')}${search}${hash}`;
  if (parsed.protocol === 'https:') return `${pathname}${search}${hash}`;
  return null;
}

/**
 * In the shells the operating system hands a link into Uplift to the running app (@capacitor/app's
 * `appUrlOpen`): the in-app browser the link came from closes, and the app opens the place.
 */
function followNativeReturns(open: (path: string) => void): () => void {
  let stopped = false;
  let remove: (() => Promise<void>) | null = null;
  import('@capacitor/app')
    .then(async ({ App }) => {
      const handle = await App.addListener('appUrlOpen', ({ url }) => {
        const path = appPathOf(url);
        if (!path) return;
        void closeInAppBrowser();
        open(path);
      });
      if (stopped) await handle.remove();
      else remove = () => handle.remove();
    })
    .catch((error: unknown) => debugLog('native', 'links into the app are not followed', error));
  return () => {
    stopped = true;
    void remove?.();
  };
}
