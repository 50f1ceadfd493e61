import { nativeStatusBar } from '@uplift/contracts';
import { isNativePlatform } from './platform.ts';
import { isAndroidNative } from './safeArea.ts';

/**
 * SPEC §7 status bar in the shells: dark style on a #1C1C1C background, drawn over the web view on Android
 * (which is why Android gets SPEC §9's safe margins). Failures are swallowed (SPEC §8): an older or newer
 * OS that refuses one setting keeps the others. Loaded on demand, so the web bundle never carries it.
 */
export async function styleNativeStatusBar(): Promise<void> {
  if (!isNativePlatform()) return;
  try {
    const { StatusBar, Style } = await import('@capacitor/status-bar');
    const settings: Promise<void>[] = [
      StatusBar.setStyle({ style: nativeStatusBar.style === 'dark' ? Style.Dark : Style.Light }),
      StatusBar.setBackgroundColor({ color: nativeStatusBar.backgroundColor }),
    ];
    if (isAndroidNative()) {
      settings.push(StatusBar.setOverlaysWebView({ overlay: nativeStatusBar.overlaysWebViewOnAndroid }));
    }
    await Promise.allSettled(settings);
  } catch {
    // SPEC §8: status bar failures are swallowed.
  }
}
