import { and, eq } from 'drizzle-orm';
import type { PushSubscribeBody } from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import { pushSubscriptions } from '../../db/schema.ts';

/**
 * Stores a device's subscription. An endpoint belongs to one browser profile: when another member signs
 * in on it and subscribes, the endpoint moves to them, so the previous member's pushes stop there.
 */
export async function saveSubscription(
  db: Database,
  userId: string,
  body: PushSubscribeBody,
  userAgent: string | null,
): Promise<void> {
  const values =
    body.type === 'web'
      ? { type: body.type, endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth }
      : { type: body.type, endpoint: body.token, p256dh: null, auth: null };
  await db
    .insert(pushSubscriptions)
    .values({ userId, userAgent: userAgent?.slice(0, 300) ?? null, ...values })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId, userAgent: userAgent?.slice(0, 300) ?? null, ...values },
    });
}

export async function removeSubscription(db: Database, userId: string, endpoint: string): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}
