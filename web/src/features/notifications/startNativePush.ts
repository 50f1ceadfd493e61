import { isNativePlatform } from '../../lib/native/platform.ts';

/**
 * Native push in the iOS and Android shells: tapped notifications open their deep link, a sign-out
 * forgets the device. Nothing happens in a browser, and the code (with the Capacitor plugin) loads only
 * in the shells, so it adds nothing to what `/` loads on the web.
 */
export function startNativePush(navigate: (path: string) => void): void {
  if (!isNativePlatform()) return;
  void import('./api/nativePush.ts')
    .then(({ listenForNativePush }) => listenForNativePush(navigate))
    .catch((error: unknown) => console.error('Push notifications could not start', error));
}
