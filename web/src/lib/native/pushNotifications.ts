import { nativePlatformName } from './platform.ts';

/** A device token and the push service it belongs to: FCM in the Android shell, APNs in the iOS one. */
export interface NativePushDevice {
  service: 'fcm' | 'apns';
  token: string;
}

/** What a tapped notification carries: the server's FCM data or APNs custom keys (native-push.ts). */
export interface NativePushTap {
  notificationId: string | null;
  link: string | null;
}

/** FCM or APNs never answered the registration (no Play services, no network): give up, do not hang. */
const registrationTimeoutMs = 20_000;

/** SPEC §8: device failures for push are logged and rethrown. */
function logged(what: string, error: unknown): never {
  console.error(`Push notifications: ${what} failed`, error);
  throw error;
}

/**
 * SPEC §7 "push permission request": asks only when the member has not decided yet (asking again after
 * a refusal shows nothing on either OS). Resolves true when push is allowed. Capacitor Push
 * Notifications is loaded on demand, so the web bundle never carries it.
 */
export async function requestNativePushPermission(): Promise<boolean> {
  try {
    const { PushNotifications } = await import('@capacitor/push-notifications');
    let { receive } = await PushNotifications.checkPermissions();
    if (receive === 'prompt' || receive === 'prompt-with-rationale') {
      ({ receive } = await PushNotifications.requestPermissions());
    }
    return receive === 'granted';
  } catch (error) {
    logged('the permission request', error);
  }
}

/** Where the member stands on push for this app, without asking (for the toggle's first look). */
export async function nativePushPermission(): Promise<'granted' | 'denied' | 'prompt'> {
  const { PushNotifications } = await import('@capacitor/push-notifications');
  const { receive } = await PushNotifications.checkPermissions();
  return receive === 'granted' || receive === 'denied' ? receive : 'prompt';
}

/**
 * SPEC §7 "registration when granted": registers with FCM or APNs and resolves with this device's token.
 * The token comes as a `registration` event, so the listeners are in place before `register()`.
 */
export async function registerNativePush(): Promise<NativePushDevice> {
  const { PushNotifications } = await import('@capacitor/push-notifications');
  const listeners: Array<{ remove: () => Promise<void> }> = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const token = await new Promise<string>((resolve, reject) => {
      timer = setTimeout(() => reject(new Error('no answer from the push service')), registrationTimeoutMs);
      Promise.all([
        PushNotifications.addListener('registration', ({ value }) => resolve(value)),
        PushNotifications.addListener('registrationError', ({ error }) => reject(new Error(error))),
      ])
        .then((handles) => {
          listeners.push(...handles);
          return PushNotifications.register();
        })
        .catch(reject);
    });
    return { service: nativePlatformName() === 'ios' ? 'apns' : 'fcm', token };
  } catch (error) {
    logged('registration', error);
  } finally {
    clearTimeout(timer);
    await Promise.allSettled(listeners.map((listener) => listener.remove()));
  }
}

/** Ends this device's registration, so the OS stops delivering pushes even if the server still had it. */
export async function unregisterNativePush(): Promise<void> {
  try {
    const { PushNotifications } = await import('@capacitor/push-notifications');
    await PushNotifications.unregister();
  } catch (error) {
    logged('unregistering', error);
  }
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/**
 * Calls `listener` for each notification the member taps, also the one that launched the app (the plugin
 * keeps that event until a listener is added). Resolves with a function that stops listening.
 */
export async function watchNativePushTaps(listener: (tap: NativePushTap) => void): Promise<() => void> {
  const { PushNotifications } = await import('@capacitor/push-notifications');
  const handle = await PushNotifications.addListener(
    'pushNotificationActionPerformed',
    ({ notification }) => {
      const data: Record<string, unknown> = notification.data ?? {};
      listener({ notificationId: text(data.notificationId), link: text(data.link) });
    },
  );
  return () => void handle.remove();
}
