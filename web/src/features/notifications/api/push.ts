import { vapidPublicKeySchema } from '@uplift/contracts';
import { z } from 'zod';
import { http } from '../../../lib/http/index.ts';
import { isNativePlatform } from '../../../lib/native/platform.ts';

/** Web push needs a service worker (production builds register one) and the Push API; the native shells use native push. */
export function webPushSupported(): boolean {
  return (
    import.meta.env.PROD &&
    !isNativePlatform() &&
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof window !== 'undefined' &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The VAPID key is base64url text; the Push API wants its bytes. */
function keyBytes(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64Url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

export async function currentPushSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.ready;
  return registration.pushManager.getSubscription();
}

/**
 * Asks the browser for a push subscription signed for our VAPID key and registers it with the server
 * (GET /api/notifications/push/public-key, then POST /api/notifications/push/subscriptions).
 */
export async function subscribeToPush(): Promise<void> {
  const { publicKey } = await http.get('/notifications/push/public-key', { schema: vapidPublicKeySchema });
  const registration = await navigator.serviceWorker.ready;
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(publicKey),
  });
  const json = subscription.toJSON();
  await http.post('/notifications/push/subscriptions', {
    body: {
      type: 'web',
      endpoint: subscription.endpoint,
      keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
    },
    schema: z.null(),
    idempotencyKey: crypto.randomUUID(),
  });
}

/** Stops push to this browser: the server forgets the endpoint, then the browser drops the subscription. */
export async function unsubscribeFromPush(subscription: PushSubscription): Promise<void> {
  await http.delete('/notifications/push/subscriptions', {
    body: { endpoint: subscription.endpoint },
    schema: z.null(),
    idempotencyKey: crypto.randomUUID(),
  });
  await subscription.unsubscribe();
}
