/**
 * The shells' native bridge: Capacitor's native runtime sets `window.Capacitor` (with `isNativePlatform`
 * and `getPlatform`) before the app's first script runs. Read from there rather than through
 * `@capacitor/core`, which a browser would otherwise load with every first screen (3 KB gzip) only to learn
 * that it is not a shell (decision 0068). The plugins, loaded on demand in the shells, still use the package.
 */
interface NativeBridge {
  isNativePlatform?: () => boolean;
  getPlatform?: () => string;
}

function nativeBridge(): NativeBridge | undefined {
  return (globalThis as { Capacitor?: NativeBridge }).Capacitor;
}

/** True inside the iOS and Android shells, false in any browser (including the installed PWA). */
export function isNativePlatform(): boolean {
  return nativeBridge()?.isNativePlatform?.() === true;
}

/** 'ios' or 'android' in the shells, 'web' in a browser. */
export function nativePlatformName(): string {
  return isNativePlatform() ? (nativeBridge()?.getPlatform?.() ?? 'web') : 'web';
}
