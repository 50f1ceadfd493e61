import { debugLog } from '../errors/debug.ts';
import { isNativePlatform } from './platform.ts';

/**
 * SPEC §7 in-app browser: Capacitor Browser in the shells (an in-app Safari view or Custom Tab, loaded on
 * demand), a new window on the web; if the plugin fails, the new window is the fallback (SPEC §8).
 */
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
  window.open(url, '_blank', 'noopener,noreferrer');
}
