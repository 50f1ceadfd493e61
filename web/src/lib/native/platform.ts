import { Capacitor } from '@capacitor/core';

/** True inside the iOS and Android shells, false in any browser (including the installed PWA). */
export function isNativePlatform(): boolean {
  return Capacitor.isNativePlatform();
}
