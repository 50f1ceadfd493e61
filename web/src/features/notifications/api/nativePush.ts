import type { unreadCountSchema } from '@uplift/contracts';
import { http, serverChecked, type ResponseSchema } from '../../../lib/http/index.ts';
import {
  registerNativePush,
  requestNativePushPermission,
  unregisterNativePush,
  watchNativePushTaps,
  type NativePushDevice,
  type NativePushTap,
} from '../../../lib/native/pushNotifications.ts';
import { authStore, beforeSignOut } from '../../auth/index.ts';

/**
 * Native push in the shells (SPEC §7): the device token the server has for the signed-in member, kept so
 * that turning push off, or signing out, can tell the server which token to forget. Checked by hand, not
 * by zod: this module loads at start in the shells (decision 0030).
 */
const storageKey = 'uplift.push.native';
interface RegisteredDevice extends NativePushDevice {
  userId: string;
}

/** The server answers 204: nothing to parse. */
const noContent = serverChecked<ResponseSchema<null>>();

/** Push was refused in the OS settings: only the member can change that, there. */
export class NativePushBlockedError extends Error {
  constructor() {
    super('Push notifications are blocked for Uplift in your device settings.');
    this.name = 'NativePushBlockedError';
  }
}

function registeredDevice(): RegisteredDevice | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(storageKey) ?? 'null');
    if (typeof value !== 'object' || value === null) return null;
    const { service, token, userId } = value as Record<string, unknown>;
    if ((service !== 'fcm' && service !== 'apns') || typeof token !== 'string' || typeof userId !== 'string')
      return null;
    return { service, token, userId };
  } catch {
    return null;
  }
}

/** Whether the server pushes to this device for this member (another member's token here does not count). */
export function nativePushIsOn(userId: string): boolean {
  return registeredDevice()?.userId === userId;
}

async function sendToken(device: NativePushDevice): Promise<void> {
  await http.post('/notifications/push/subscriptions', {
    body: { type: device.service, token: device.token },
    schema: noContent,
    idempotencyKey: crypto.randomUUID(),
  });
}

/**
 * "Turn on push notifications" in the shells: asks permission, registers with FCM or APNs, then gives the
 * server the device token (POST /api/notifications/push/subscriptions, the endpoint web push uses too).
 */
export async function turnOnNativePush(userId: string): Promise<void> {
  if (!(await requestNativePushPermission())) throw new NativePushBlockedError();
  const device = await registerNativePush();
  await sendToken(device);
  localStorage.setItem(storageKey, JSON.stringify({ ...device, userId }));
}

/**
 * Stops push to this device: the server forgets the token (DELETE, which needs the session, so a sign-out
 * runs this first), then the OS registration ends. A token left on the server by a failed request moves
 * to the next member who turns push on here.
 */
export async function turnOffNativePush(): Promise<void> {
  const device = registeredDevice();
  if (!device) return;
  await http.delete('/notifications/push/subscriptions', {
    body: { endpoint: device.token },
    schema: noContent,
    idempotencyKey: crypto.randomUUID(),
    // Also run on sign-out, which waits for it: a slow network must not hold the member there.
    timeoutMs: 5_000,
  });
  localStorage.removeItem(storageKey);
  await unregisterNativePush();
}

/**
 * A tapped notification, as the web's service worker does it (public/push-sw.js): marked read first (every
 * device follows through the live event), then its in-app deep link opens; anything that is not a path
 * inside the app opens the notification centre. A failed or slow mark-read never stops the opening.
 */
export async function openTappedNotification(tap: NativePushTap, navigate: (path: string) => void) {
  const path = tap.link && /^\/(?!\/)/.test(tap.link) ? tap.link : '/notifications';
  if (tap.notificationId) {
    await http
      .post(`/notifications/${encodeURIComponent(tap.notificationId)}/read`, {
        schema: serverChecked<typeof unreadCountSchema>(),
        idempotencyKey: `push-open-${tap.notificationId}`,
        timeoutMs: 3_000,
      })
      .catch(() => undefined);
  }
  navigate(path);
}

/**
 * Started once in the shells (main.tsx): opens tapped notifications, forgets this device on sign-out, and
 * gives the server the current token again when push is on, since FCM and APNs may replace a token.
 * Returns a function that stops listening (tests).
 */
export async function listenForNativePush(navigate: (path: string) => void): Promise<() => void> {
  const stopTaps = await watchNativePushTaps((tap) => void openTappedNotification(tap, navigate));
  const stopSignOut = beforeSignOut(turnOffNativePush);
  const device = registeredDevice();
  if (device && device.userId === authStore.getState().user?.id) {
    void registerNativePush()
      .then(async (current) => {
        if (current.token === device.token) return;
        await sendToken(current);
        localStorage.setItem(storageKey, JSON.stringify({ ...current, userId: device.userId }));
      })
      .catch(() => {
        // Logged by the plugin wrapper; the stored token keeps working until the service drops it.
      });
  }
  return () => {
    stopTaps();
    stopSignOut();
  };
}
