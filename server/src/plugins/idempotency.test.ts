import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema, authTokenResponseSchema } from '@uplift/contracts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createTestApp, fixtureWebDist, type TestApp } from '../../test/app.ts';
import { createUser, sessionCookie, signedInAs, testPassword } from '../../test/accounts.ts';
import { createTestDatabase } from '../../test/database.ts';
import { errorLogs, idempotencyKeys } from '../db/schema.ts';
import { maxKeysPerCaller } from './idempotency.ts';
import { anonymousWritesPerMinute } from './rate-limit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const report = (message: string) => ({
  message,
  timestamp: '2026-11-20T10:00:00.000Z',
  userAgent: 'vitest',
  url: '/offline-demo',
});

function post(payload: object, headers: Record<string, string>) {
  return t.app.inject({ method: 'POST', url: '/api/log-error', payload, headers });
}
const count = async (message: string) =>
  (await t.db.select().from(errorLogs).where(eq(errorLogs.message, message))).length;

describe('Idempotency-Key on writes', () => {
  it('applies a key once and answers the repeat with the stored result', async () => {
    const headers = { 'idempotency-key': 'queue-item-0001' };
    const first = await post(report('once only'), headers);
    const repeat = await post(report('once only'), headers);
    expect(first.statusCode).toBe(201);
    expect(repeat.statusCode).toBe(201);
    expect(repeat.json()).toEqual(first.json());
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    expect(await count('once only')).toBe(1);
  });

  it('without a key, every request is applied', async () => {
    await post(report('no key'), {});
    await post(report('no key'), {});
    expect(await count('no key')).toBe(2);
  });

  it('scopes keys per user: the same key from another user is applied for them and leaks nothing', async () => {
    const alice = await signedInAs(t.app, t.db, 'member-tier-1');
    const bob = await signedInAs(t.app, t.db, 'member-tier-1');
    const key = { 'idempotency-key': 'shared-key-1234' };
    const fromAlice = await post(report('per user'), { ...key, cookie: alice.cookie });
    const fromBob = await post(report('per user'), { ...key, cookie: bob.cookie });
    expect(fromBob.headers['idempotent-replayed']).toBeUndefined();
    expect(fromBob.json<{ id: string }>().id).not.toBe(fromAlice.json<{ id: string }>().id);
    expect(await count('per user')).toBe(2);
  });

  it('refuses a key reused for a different request', async () => {
    const headers = { 'idempotency-key': 'reused-key-5678' };
    await post(report('first body'), headers);
    const other = await post(report('second body'), headers);
    expect(other.statusCode).toBe(422);
    expect(apiErrorSchema.parse(other.json()).error.message).toMatch(/different request/);
    expect(await count('second body')).toBe(0);
  });

  it('does not store a failed validation, so the corrected request still goes through', async () => {
    const headers = { 'idempotency-key': 'fix-and-retry-01' };
    expect((await post({ message: '' }, headers)).statusCode).toBe(400);
    expect((await post(report('fixed'), headers)).statusCode).toBe(201);
    expect(await count('fixed')).toBe(1);
  });

  it('rejects a malformed key', async () => {
    const response = await post(report('bad key'), { 'idempotency-key': 'x' });
    expect(response.statusCode).toBe(400);
    expect(await count('bad key')).toBe(0);
  });
});

const keysOf = async (scope: string) =>
  (await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.scope, scope))).length;

describe('Idempotency-Key only where a route declares it', () => {
  it('ignores a key on an unknown route and on a signed-out logout: nothing is stored', async () => {
    const from = { remoteAddress: '10.0.9.1' };
    const headers = { 'idempotency-key': 'not-declared-01' };
    const unknown = await t.app.inject({ method: 'POST', url: '/api/no-such-route', headers, ...from });
    expect(unknown.statusCode).toBe(404);
    const logout = () => t.app.inject({ method: 'POST', url: '/api/auth/logout', headers, ...from });
    expect((await logout()).statusCode).toBe(200);
    const again = await logout();
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(await keysOf('ip:10.0.9.1')).toBe(0);
  });

  it(`bounds the keys one caller holds: ${maxKeysPerCaller} a day, then 429`, async () => {
    const { user, cookie } = await signedInAs(t.app, t.db, 'member-tier-1');
    await t.db.insert(idempotencyKeys).values(
      Array.from({ length: maxKeysPerCaller }, (_, i) => ({
        scope: user.id,
        key: `earlier-key-${i}`,
        fingerprint: 'x',
      })),
    );
    const refused = await post(report('one key too many'), { cookie, 'idempotency-key': 'one-too-many' });
    expect(refused.statusCode).toBe(429);
    expect(apiErrorSchema.parse(refused.json()).error.code).toBe('RATE_LIMITED');
    expect(await count('one key too many')).toBe(0);
    // A key already held still answers with its stored result, and keys a day old no longer count.
    await t.db
      .update(idempotencyKeys)
      .set({ createdAt: new Date(Date.now() - 25 * 60 * 60_000) })
      .where(eq(idempotencyKeys.key, 'earlier-key-0'));
    const accepted = await post(report('one key too many'), { cookie, 'idempotency-key': 'one-too-many' });
    expect(accepted.statusCode).toBe(201);
  });
});

describe('Anonymous writes', () => {
  it(`are limited to ${anonymousWritesPerMinute} a minute per address, on any route; signed-in writes are not`, async () => {
    const from = { remoteAddress: '10.0.9.2' };
    const statuses: number[] = [];
    for (let i = 0; i <= anonymousWritesPerMinute; i += 1) {
      const response = await t.app.inject({ method: 'POST', url: `/api/no-such-route-${i}`, ...from });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, anonymousWritesPerMinute).every((status) => status === 404)).toBe(true);
    const limited = await t.app.inject({
      method: 'POST',
      url: '/api/log-error',
      payload: report('flood'),
      ...from,
    });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(apiErrorSchema.parse(limited.json()).error.code).toBe('RATE_LIMITED');

    const { cookie } = await signedInAs(t.app, t.db, 'member-tier-1');
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/log-error',
      payload: report('member from a busy address'),
      headers: { cookie },
      ...from,
    });
    expect(signedIn.statusCode).toBe(201);
  });
});

describe('Sign-in is never stored under a key', () => {
  const login = async (email: string, headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: testPassword },
      headers,
    });

  it('a native login replayed with its key signs in again: no stored token, none after logout', async () => {
    const user = await createUser(t.db);
    const headers = { 'x-client-platform': 'native', 'idempotency-key': 'native-login-01' };
    const first = authTokenResponseSchema.parse((await login(user.email, headers)).json());
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${first.token}` },
    });
    const replay = await login(user.email, headers);
    expect(replay.headers['idempotent-replayed']).toBeUndefined();
    const second = authTokenResponseSchema.parse(replay.json());
    expect(second.token).toBeTruthy();
    expect(second.token).not.toBe(first.token);
    expect(
      await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, headers['idempotency-key'])),
    ).toEqual([]);
  });

  it('a web login replayed with its key sets a session cookie again', async () => {
    const user = await createUser(t.db);
    const headers = { 'idempotency-key': 'web-login-0001' };
    sessionCookie(await login(user.email, headers));
    const replay = await login(user.email, headers);
    expect(replay.statusCode).toBe(200);
    expect(sessionCookie(replay)).toMatch(/uplift_session=/);
  });
});

describe('A route that declares idempotency but answers with a session', () => {
  it('is never stored: its repeat runs again', async () => {
    const database = await createTestDatabase();
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: fixtureWebDist }),
      db: database.db,
    });
    let issued = 0;
    app.post(
      '/api/test/issue',
      { config: { access: 'public', idempotent: true } },
      async (_request, reply) => {
        issued += 1;
        if (issued % 2 === 0) reply.header('set-cookie', `test=${issued}`);
        return { token: `secret-${issued}` };
      },
    );
    try {
      await app.ready();
      const send = () =>
        app.inject({
          method: 'POST',
          url: '/api/test/issue',
          headers: { 'idempotency-key': 'token-route-01' },
        });
      expect((await send()).json()).toEqual({ token: 'secret-1' });
      expect((await send()).json()).toEqual({ token: 'secret-2' });
      expect((await send()).json()).toEqual({ token: 'secret-3' });
      expect(await database.db.select().from(idempotencyKeys)).toEqual([]);
    } finally {
      await app.close();
      await database.drop();
    }
  });
});
