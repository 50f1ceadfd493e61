import { debugLog } from '../errors/debug.ts';

export interface ServiceWorkerControl {
  /** Asks the browser to look for a new service worker now. */
  checkForUpdate(): Promise<void>;
  /** Activates the waiting service worker; the page reloads once it has taken over. */
  applyUpdate(): void;
}

/**
 * Web only (there is no service worker in the native shells, and none under the dev server): registers
 * the worker vite-plugin-pwa generates (vite.config.ts), which precaches the app shell so the app opens
 * with no network. `onUpdateReady` is called when a new version is installed and waiting for the user.
 */
export async function registerServiceWorker(onUpdateReady: () => void): Promise<ServiceWorkerControl | null> {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator))
    return null;
  // Loaded after start-up, so it costs the first screen nothing.
  const { Workbox } = await import('workbox-window');
  const workbox = new Workbox(`${import.meta.env.BASE_URL}sw.js`, { scope: import.meta.env.BASE_URL });
  workbox.addEventListener('waiting', () => onUpdateReady());
  workbox.addEventListener('installed', (event) => {
    if (!event.isUpdate) debugLog('sw', 'app shell cached: ready to work offline');
  });
  const registration = await workbox.register();
  return {
    async checkForUpdate() {
      await registration?.update();
    },
    applyUpdate() {
      // Reload once the new version has taken over, so the page and its cache match.
      workbox.addEventListener('controlling', () => window.location.reload());
      workbox.messageSkipWaiting();
    },
  };
}
