import type { Agent } from 'node:https';
import { eq, inArray, sql } from 'drizzle-orm';
import type { PushPayload } from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import { pushSubscriptions, vapidKeys } from '../../db/schema.ts';
import type { PushTarget } from './notifications.repo.ts';

/**
 * web-push, and what it loads for its encryption and requests, comes with the first key pair made or the
 * first message sent, not at start: a server that sends no web push never holds it in memory (decision 0031).
 */
const loadWebPush = async () => (await import('web-push')).default;

export interface VapidKeyPair {
  publicKey: string;
  privateKey: string;
}

/**
 * The VAPID key pair, made on the first start and kept in the database: every instance signs with the
 * same key, and subscriptions browsers made against it stay valid across restarts and deploys. Two
 * instances starting together both try to insert; the first wins and both read it back.
 */
export async function ensureVapidKeys(db: Database): Promise<VapidKeyPair> {
  const kept = async () => (await db.select().from(vapidKeys).where(eq(vapidKeys.id, 1)))[0];
  const found = await kept();
  if (found) return { publicKey: found.publicKey, privateKey: found.privateKey };
  const webPush = await loadWebPush();
  await db
    .insert(vapidKeys)
    .values({ id: 1, ...webPush.generateVAPIDKeys() })
    .onConflictDoNothing();
  const stored = await kept();
  if (!stored) throw new Error('VAPID keys neither inserted nor found');
  return { publicKey: stored.publicKey, privateKey: stored.privateKey };
}

export interface PushOutcome {
  /** Members with at least one device whose push service accepted the message. */
  deliveredUserIds: string[];
  /** Subscriptions the push service said are gone (404/410), now deleted. */
  removed: number;
  failed: number;
}

/** Pushes a few devices at a time: a big audience must not open thousands of sockets at once. */
const concurrency = 16;

/**
 * Sends the payload to each web push subscription (encrypted for it, signed with VAPID). A 404 or 410
 * from the push service means the subscription is gone for good (the member revoked permission or the
 * browser dropped it), so it is deleted; other failures are counted and left for the next message.
 */
export async function sendWebPush(
  db: Database,
  vapid: { keys: VapidKeyPair; subject: string; agent?: Agent },
  targets: PushTarget[],
  payloadFor: (userId: string) => PushPayload,
  log: (message: string, error?: unknown) => void,
): Promise<PushOutcome> {
  const webPush = await loadWebPush();
  const delivered = new Set<string>();
  const gone: string[] = [];
  const succeeded: string[] = [];
  let failed = 0;
  const queue = targets.filter((target) => target.type === 'web' && target.p256dh && target.auth);
  async function worker() {
    for (let target = queue.shift(); target; target = queue.shift()) {
      try {
        await webPush.sendNotification(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh ?? '', auth: target.auth ?? '' } },
          JSON.stringify(payloadFor(target.userId)),
          {
            vapidDetails: { subject: vapid.subject, ...vapid.keys },
            ...(vapid.agent && { agent: vapid.agent }),
            TTL: 24 * 60 * 60,
            urgency: 'normal',
            timeout: 10_000,
          },
        );
        delivered.add(target.userId);
        succeeded.push(target.subscriptionId);
      } catch (error) {
        const status = error instanceof webPush.WebPushError ? error.statusCode : null;
        if (status === 404 || status === 410) gone.push(target.subscriptionId);
        else {
          failed += 1;
          log(`web push to a device failed (status ${status ?? 'none'})`, error);
        }
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, queue.length) }, worker));
  if (gone.length > 0) await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, gone));
  if (succeeded.length > 0) {
    await db
      .update(pushSubscriptions)
      .set({ lastSuccessAt: sql`now()` })
      .where(inArray(pushSubscriptions.id, succeeded));
  }
  return { deliveredUserIds: [...delivered], removed: gone.length, failed };
}
