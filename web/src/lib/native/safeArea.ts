import { nativePlatformName } from './platform.ts';

/** Android's shell draws the web view under the system bars (SPEC §7 status bar overlay), so it needs SPEC §9's margins. */
export function isAndroidNative(): boolean {
  return nativePlatformName() === 'android';
}
