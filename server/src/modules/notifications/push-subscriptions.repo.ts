import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import type { PushSubscribeBody } from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import { pushSubscriptions } from '../../db/schema.ts';

/** Devices one member receives pushes on; subscribing an eleventh drops the one subscribed longest ago. */
export const maxSubscriptionsPerMember = 10;

/**
 * Stores a device's subscription. An endpoint belongs to one browser profile: when another member signs
 * in on it and subscribes, the endpoint moves to them, so the previous member's pushes stop there. One row
 * an endpoint (renewed when it subscribes again), at most `maxSubscriptionsPerMember` a member.
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
  await db.transaction(async (tx) => {
    // One member's subscribes one at a time, so two at once cannot both keep an eleventh.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`push-subscriptions:${userId}`}))`);
    await tx
      .insert(pushSubscriptions)
      .values({ userId, userAgent: userAgent?.slice(0, 300) ?? null, ...values })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId, userAgent: userAgent?.slice(0, 300) ?? null, ...values, createdAt: sql`now()` },
      });
    const newest = tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
      .limit(maxSubscriptionsPerMember);
    await tx
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, newest)));
  });
}

export async function removeSubscription(db: Database, userId: string, endpoint: string): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}
