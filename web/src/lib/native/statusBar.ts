import { nativeStatusBar, nativeStatusBarLight } from '@uplift/contracts';
import { isNativePlatform } from './platform.ts';
import { isAndroidNative } from './safeArea.ts';

/**
 * SPEC §7 status bar in the shells, following the app's theme: in the dark theme dark style on a #1C1C1C
 * background, in the light one dark text on the page's canvas (decision 0078); drawn over the web view on
 * Android (which is why Android gets SPEC §9's safe margins). Failures are swallowed (SPEC §8): an older or
 * newer OS that refuses one setting keeps the others. Loaded on demand, so the web bundle never carries it.
 */
export async function styleNativeStatusBar(theme: 'light' | 'dark'): Promise<void> {
  if (!isNativePlatform()) return;
  const look = theme === 'dark' ? nativeStatusBar : nativeStatusBarLight;
  try {
    const { StatusBar, Style } = await import('@capacitor/status-bar');
    const settings: Promise<void>[] = [
      // Capacitor names a style by its background: Style.Dark is light text for a dark bar.
      StatusBar.setStyle({ style: look.style === 'dark' ? Style.Dark : Style.Light }),
      StatusBar.setBackgroundColor({ color: look.backgroundColor }),
    ];
    if (isAndroidNative()) {
      settings.push(StatusBar.setOverlaysWebView({ overlay: nativeStatusBar.overlaysWebViewOnAndroid }));
    }
    await Promise.allSettled(settings);
  } catch {
    // SPEC §8: status bar failures are swallowed.
  }
}
