import { generateKeyPairSync, verify, type KeyObject } from 'node:crypto';
import { once } from 'node:events';
import http from 'node:http';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { signedInAs } from '../../../test/accounts.ts';
import { loadConfig } from '../../config.ts';
import { notificationDeliveries, pushSubscriptions } from '../../db/schema.ts';
import { createNativePush } from './native-push.ts';

/** Checks a compact JWS against the public key; returns its header and claims. */
function verified(token: string, key: KeyObject, algorithm: 'RS256' | 'ES256') {
  const [header = '', claims = '', signature = ''] = token.split('.');
  const ok = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    algorithm === 'ES256' ? { key, dsaEncoding: 'ieee-p1363' } : key,
    Buffer.from(signature, 'base64url'),
  );
  if (!ok) throw new Error('bad signature');
  const decode = (part: string) =>
    JSON.parse(Buffer.from(part, 'base64url').toString()) as Record<string, unknown>;
  return { header: decode(header), claims: decode(claims) };
}

const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });

/** FCM's OAuth2 token endpoint and HTTP v1 send, on a local HTTP server: it checks what Google checks. */
async function startFakeFcm() {
  const sent: Array<Record<string, unknown>> = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const reply = (status: number, json: object) =>
        response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
      if (request.url === '/token') {
        const form = new URLSearchParams(body);
        const { claims } = verified(form.get('assertion') ?? '', rsa.publicKey, 'RS256');
        expect(form.get('grant_type')).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
        expect(claims).toMatchObject({
          iss: 'push@demo.iam.example',
          scope: 'https://www.googleapis.com/auth/firebase.messaging',
        });
        return reply(200, { access_token: 'fcm-access-token', expires_in: 3600, token_type: 'Bearer' });
      }
      if (
        request.url !== '/v1/projects/uplift-demo/messages:send' ||
        request.headers.authorization !== 'Bearer fcm-access-token'
      ) {
        return reply(401, { error: { code: 401, status: 'UNAUTHENTICATED' } });
      }
      const { message } = JSON.parse(body) as { message: { token: string } };
      if (message.token === 'fcm-uninstalled-token') {
        return reply(404, {
          error: {
            code: 404,
            status: 'NOT_FOUND',
            details: [
              { '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: 'UNREGISTERED' },
            ],
          },
        });
      }
      sent.push(message);
      return reply(200, { name: `projects/uplift-demo/messages/${sent.length}` });
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    sent,
    close: () => server.close(),
  };
}

/** APNs on a local HTTP/2 server (cleartext): provider-token check, 200 with an apns-id, 410 for a gone token. */
async function startFakeApns() {
  const sent: Array<{ token: string; topic: unknown; pushType: unknown; payload: Record<string, unknown> }> =
    [];
  const server = http2.createServer();
  server.on('stream', (stream, headers) => {
    let body = '';
    stream.on('data', (chunk: Buffer) => (body += chunk.toString()));
    stream.on('end', () => {
      const token = String(headers[':path']).replace('/3/device/', '');
      try {
        const { header, claims } = verified(
          String(headers.authorization).replace('bearer ', ''),
          ec.publicKey,
          'ES256',
        );
        expect(header).toMatchObject({ alg: 'ES256', kid: 'KEY1234567' });
        expect(claims).toMatchObject({ iss: 'TEAM123456' });
      } catch {
        stream.respond({ ':status': 403 });
        return stream.end(JSON.stringify({ reason: 'InvalidProviderToken' }));
      }
      if (token === 'apnsuninstalledtoken') {
        stream.respond({ ':status': 410 });
        return stream.end(JSON.stringify({ reason: 'Unregistered', timestamp: Date.now() }));
      }
      sent.push({
        token,
        topic: headers['apns-topic'],
        pushType: headers['apns-push-type'],
        payload: JSON.parse(body),
      });
      stream.respond({ ':status': 200, 'apns-id': '6f2c0c5e-0000-4000-8000-000000000001' });
      stream.end();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    sent,
    close: () => server.close(),
  };
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

describe('native push through FCM and APNs', () => {
  let t: TestApp;
  let fcm: Awaited<ReturnType<typeof startFakeFcm>>;
  let apns: Awaited<ReturnType<typeof startFakeApns>>;
  const log: string[] = [];

  beforeAll(async () => {
    fcm = await startFakeFcm();
    apns = await startFakeApns();
    const serviceAccount = {
      type: 'service_account',
      project_id: 'uplift-demo',
      client_email: 'push@demo.iam.example',
      private_key: rsa.privateKey.export({ type: 'pkcs8', format: 'pem' }),
      token_uri: `${fcm.url}/token`,
    };
    t = await createTestApp(
      {
        LOG_LEVEL: 'info',
        FCM_SERVICE_ACCOUNT: JSON.stringify(serviceAccount),
        FCM_API_URL: fcm.url,
        APNS_KEY: String(ec.privateKey.export({ type: 'pkcs8', format: 'pem' })),
        APNS_KEY_ID: 'KEY1234567',
        APNS_TEAM_ID: 'TEAM123456',
        APNS_TOPIC: 'community.uplift.app',
        APNS_URL: apns.url,
      },
      { logStream: { write: (line) => log.push(line) } },
    );
  });
  afterAll(async () => {
    await t.close();
    fcm.close();
    apns.close();
  });

  it('pushes to Android and iOS devices, and forgets the tokens the services say are gone', async () => {
    const admin = await signedInAs(t.app, t.db, 'admin');
    const member = await signedInAs(t.app, t.db, 'member-tier-1');
    const tokens = [
      { type: 'fcm', token: 'fcm-android-phone-token' },
      { type: 'fcm', token: 'fcm-uninstalled-token' },
      { type: 'apns', token: 'apnsiphonetoken0001' },
      { type: 'apns', token: 'apnsuninstalledtoken' },
    ];
    for (const payload of tokens) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/notifications/push/subscriptions',
        headers: { cookie: member.cookie },
        payload,
      });
      expect(response.statusCode, response.body).toBe(204);
    }
    // Announcements are pushed only to members who opt in.
    const preferences = await t.app.inject({
      method: 'PATCH',
      url: '/api/settings/preferences',
      headers: { cookie: member.cookie },
      payload: { notifications: { announcements: { push: true } } },
    });
    expect(preferences.statusCode).toBe(200);

    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/admin/notifications',
      headers: { cookie: admin.cookie },
      payload: {
        title: 'Mock interviews on Thursday',
        body: 'Book a slot with a mentor.',
        link: '/community',
        audience: { type: 'members', userIds: [member.user.id] },
      },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const { id } = sent.json();

    await until(() => (fcm.sent.length >= 1 && apns.sent.length >= 1 ? true : undefined));
    expect(fcm.sent).toEqual([
      {
        token: 'fcm-android-phone-token',
        notification: { title: 'Mock interviews on Thursday', body: 'Book a slot with a mentor.' },
        data: { notificationId: id, link: '/community', unreadCount: '1' },
        android: { priority: 'high', notification: { notification_count: 1 } },
      },
    ]);
    expect(apns.sent).toEqual([
      {
        token: 'apnsiphonetoken0001',
        topic: 'community.uplift.app',
        pushType: 'alert',
        payload: {
          aps: {
            alert: { title: 'Mock interviews on Thursday', body: 'Book a slot with a mentor.' },
            badge: 1,
            sound: 'default',
          },
          notificationId: id,
          link: '/community',
        },
      },
    ]);

    const left = await until(async () => {
      const rows = await t.db
        .select({ endpoint: pushSubscriptions.endpoint })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, member.user.id));
      return rows.length === 2 ? rows : undefined;
    });
    expect(left.map((row) => row.endpoint).sort()).toEqual([
      'apnsiphonetoken0001',
      'fcm-android-phone-token',
    ]);
    // The delivery is marked pushed once both services have answered, after the gone tokens are
    // forgotten, so it is waited for rather than read at once.
    const pushedAt = await until(async () => {
      const [delivery] = await t.db
        .select({ pushedAt: notificationDeliveries.pushedAt })
        .from(notificationDeliveries)
        .where(eq(notificationDeliveries.notificationId, id));
      return delivery?.pushedAt ?? undefined;
    });
    expect(pushedAt).toBeInstanceOf(Date);
    expect(log.join('\n')).toContain('native push is on: FCM (Android) and APNs (iOS)');
  });
});

describe('native push without credentials', () => {
  it('says in the log that native push is off, and refuses half an APNs configuration', async () => {
    const log: string[] = [];
    const t = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: { write: (line) => log.push(line) } });
    try {
      expect(log.join('\n')).toContain('native push is off: FCM and APNs credentials are not configured');
      const halfApns = loadConfig({ NODE_ENV: 'test', APNS_KEY_ID: 'KEY1234567' });
      expect(() => createNativePush(t.db, halfApns, () => {})).toThrow(/APNS_KEY, APNS_KEY_ID/);
    } finally {
      await t.close();
    }
  });
});
