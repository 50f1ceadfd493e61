import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { createDatabase } from '../../db/client.ts';
import { pushSubscriptions } from '../../db/schema.ts';
import { fixtureWebDist } from '../../../test/app.ts';
import { signedInAs, signIn } from '../../../test/accounts.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/database.ts';
import { startPushEndpoint } from '../../../test/push-endpoint.ts';

let database: TestDatabase;
let pushService: Awaited<ReturnType<typeof startPushEndpoint>>;
/** Two instances of the app on one database, as behind a load balancer. */
let instances: FastifyInstance[] = [];
let secondPool: ReturnType<typeof createDatabase>;

beforeAll(async () => {
  database = await createTestDatabase();
  pushService = await startPushEndpoint();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: fixtureWebDist,
    PUSH_EXTRA_CA_FILE: pushService.caFile,
    PUSH_ALLOWED_HOSTS: '127.0.0.1',
    NOTIFICATIONS_POLL_SECONDS: '0.5',
  });
  secondPool = createDatabase(database.url);
  instances = await Promise.all(
    [database.db, secondPool].map(async (db) => {
      const app = await buildApp({ config, db });
      await app.ready();
      return app;
    }),
  );
});
afterAll(async () => {
  await Promise.all(instances.map((app) => app.close()));
  await secondPool.$client.end();
  await pushService.close();
  await database.drop();
});

/** Announcements are not pushed by default (contracts' defaultNotificationPreferences): opt in. */
async function allowAnnouncementPush(app: FastifyInstance, cookie: string) {
  const response = await app.inject({
    method: 'PATCH',
    url: '/api/settings/preferences',
    headers: { cookie },
    payload: { notifications: { announcements: { push: true } } },
  });
  expect(response.statusCode).toBe(200);
}

async function until<T>(check: () => Promise<T | undefined> | T | undefined, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('web push and scheduled sends', () => {
  it('makes one VAPID key pair, shared by every instance', async () => {
    const keys = await Promise.all(
      instances.map(async (app) => (await app.inject('/api/notifications/push/public-key')).json().publicKey),
    );
    expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{80,}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('runs a scheduled send once with two instances polling, and pushes an encrypted payload', async () => {
    const [a, b] = instances as [FastifyInstance, FastifyInstance];
    const admin = await signedInAs(a, database.db, 'admin');
    const member = await signedInAs(a, database.db, 'member-tier-2');
    await allowAnnouncementPush(b, member.cookie);
    const phone = pushService.device('phone');
    const laptop = pushService.device('laptop');
    for (const device of [phone, laptop]) {
      const response = await b.inject({
        method: 'POST',
        url: '/api/notifications/push/subscriptions',
        headers: { cookie: member.cookie },
        payload: device.subscription,
      });
      expect(response.statusCode).toBe(204);
    }

    const scheduled = await a.inject({
      method: 'POST',
      url: '/api/admin/notifications',
      headers: { cookie: admin.cookie },
      payload: {
        title: 'Office hours start now',
        body: 'Drop in with your questions.',
        link: '/community',
        audience: { type: 'members', userIds: [member.user.id] },
        scheduledFor: new Date(Date.now() + 1_000).toISOString(),
      },
    });
    expect(scheduled.statusCode).toBe(201);
    const { id } = scheduled.json();

    await until(() => (pushService.received.length >= 2 ? true : undefined));
    // Several more polls of both instances: nothing is sent twice.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(pushService.received.map((push) => push.device).sort()).toEqual(['laptop', 'phone']);
    expect(pushService.received[0]?.payload).toEqual({
      notificationId: id,
      title: 'Office hours start now',
      body: 'Drop in with your questions.',
      link: '/community',
      unreadCount: 1,
    });
    expect(pushService.received[0]?.headers['content-encoding']).toBe('aes128gcm');
    expect(pushService.received[0]?.headers.authorization).toMatch(/^vapid t=.+, k=.+/);

    const deliveries = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from notification_deliveries where notification_id = ${id}`,
    );
    expect(deliveries.rows[0]?.n).toBe(1);
    const history = await b.inject({
      method: 'GET',
      url: '/api/admin/notifications',
      headers: { cookie: admin.cookie },
    });
    const row = history.json().items.find((item: { id: string }) => item.id === id);
    expect(row).toMatchObject({
      status: 'sent',
      counts: { targeted: 1, deliveredInApp: 1, deliveredPush: 1, read: 0 },
    });
  });

  it('keeps at most 10 subscriptions a member, dropping the oldest, and one per endpoint', async () => {
    const [, b] = instances as [FastifyInstance, FastifyInstance];
    const member = await signedInAs(b, database.db, 'member-tier-1');
    const subscribe = async (name: string) => {
      const response = await b.inject({
        method: 'POST',
        url: '/api/notifications/push/subscriptions',
        headers: { cookie: member.cookie },
        payload: pushService.device(name).subscription,
      });
      expect(response.statusCode).toBe(204);
    };
    const stored = async () => {
      const rows = await database.db
        .select({ endpoint: pushSubscriptions.endpoint })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, member.user.id));
      return rows.map((row) => decodeURIComponent(row.endpoint.split('/push/')[1] ?? '')).sort();
    };
    for (let n = 0; n < 12; n += 1) await subscribe(`many-${String(n).padStart(2, '0')}`);
    const names = (from: number, to: number) =>
      Array.from({ length: to - from }, (_, i) => `many-${String(from + i).padStart(2, '0')}`);
    expect(await stored()).toEqual(names(2, 12));
    // The same endpoint again is the same subscription (renewed), not an eleventh.
    await subscribe('many-02');
    expect(await stored()).toEqual(names(2, 12));
    // So the next new device drops the oldest other one.
    await subscribe('many-12');
    expect(await stored()).toEqual(['many-02', ...names(4, 13)]);
  });

  it('removes a subscription when the push service answers 410 Gone, and keeps the others', async () => {
    const [a] = instances as [FastifyInstance];
    const admin = await signedInAs(a, database.db, 'admin');
    const member = await signedInAs(a, database.db, 'member-tier-1');
    await allowAnnouncementPush(a, member.cookie);
    const gone = pushService.device('revoked-browser');
    const kept = pushService.device('kept-browser');
    for (const device of [gone, kept]) {
      await a.inject({
        method: 'POST',
        url: '/api/notifications/push/subscriptions',
        headers: { cookie: await signIn(a, member.user.email) },
        payload: device.subscription,
      });
    }
    pushService.answer('revoked-browser', 410);
    const before = pushService.received.length;
    await a.inject({
      method: 'POST',
      url: '/api/admin/notifications',
      headers: { cookie: admin.cookie },
      payload: { title: 'Hello', body: 'World', audience: { type: 'members', userIds: [member.user.id] } },
    });
    const stored = await until(async () => {
      const rows = await database.db
        .select({ endpoint: pushSubscriptions.endpoint })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, member.user.id));
      return rows.length === 1 ? rows : undefined;
    });
    expect(stored[0]?.endpoint).toBe(kept.subscription.endpoint);
    expect(pushService.received.slice(before).map((push) => push.device)).toEqual(['kept-browser']);
  });

  it('pushes nothing to a member who turned push off for the kind, yet shows it in the app', async () => {
    const [a] = instances as [FastifyInstance];
    const member = await signedInAs(a, database.db, 'member-tier-1');
    await a.inject({
      method: 'PATCH',
      url: '/api/settings/preferences',
      headers: { cookie: member.cookie },
      payload: { notifications: { announcements: { push: false } } },
    });
    const admin = await signedInAs(a, database.db, 'admin');
    await a.inject({
      method: 'POST',
      url: '/api/notifications/push/subscriptions',
      headers: { cookie: member.cookie },
      payload: pushService.device('muted').subscription,
    });
    await a.inject({
      method: 'POST',
      url: '/api/admin/notifications',
      headers: { cookie: admin.cookie },
      payload: { title: 'Quiet', body: 'No push', audience: { type: 'members', userIds: [member.user.id] } },
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(pushService.received.some((push) => push.device === 'muted')).toBe(false);
    const inbox = await a.inject({
      method: 'GET',
      url: '/api/notifications',
      headers: { cookie: member.cookie },
    });
    expect(inbox.json().unreadCount).toBe(1);
  });

  it('refuses a subscription that points anywhere but an allowed push service', async () => {
    const [a] = instances as [FastifyInstance, FastifyInstance];
    const member = await signedInAs(a, database.db, 'member-tier-1');
    const subscription = pushService.device('elsewhere').subscription;
    const response = await a.inject({
      method: 'POST',
      url: '/api/notifications/push/subscriptions',
      headers: { cookie: member.cookie },
      payload: { ...subscription, endpoint: 'https://intranet.example.internal/admin/reset' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/push service is not supported/);
  });
});
