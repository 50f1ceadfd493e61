import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { adminUserListSchema } from '@uplift/contracts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { createUser, testPassword } from '../../../test/accounts.ts';
import { sessions } from '../../db/schema.ts';

/** Issue 43 point 5: "Last active" is set as members use the app, shown, sorted and exported. */
describe('last active, over real HTTP', () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(() => t.close());

  async function signIn(email: string): Promise<string> {
    const response = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: testPassword }),
    });
    expect(response.status).toBe(200);
    const cookie = response.headers
      .getSetCookie()
      .map((line) => line.split(';')[0] ?? '')
      .find((pair) => /uplift_session=./.test(pair));
    if (!cookie) throw new Error('no session cookie');
    return cookie;
  }

  const get = (path: string, cookie: string) => fetch(`${base}${path}`, { headers: { cookie } });

  async function lastUsed(userId: string): Promise<number> {
    const [row] = await t.db
      .select({ at: sessions.lastUsedAt })
      .from(sessions)
      .where(eq(sessions.userId, userId));
    return row?.at.getTime() ?? Number.NaN;
  }

  it('a member who signs in is shown, sorted first and exported as last active', async () => {
    const admin = await createUser(t.db, 'admin');
    const adminCookie = await signIn(admin.email);
    const idle = await createUser(t.db);
    const member = await createUser(t.db);
    const before = Date.now();
    const cookie = await signIn(member.email);
    expect((await get('/api/auth/verify', cookie)).status).toBe(200);

    const list = adminUserListSchema.parse(
      await (await get('/api/users?sort=lastActive&dir=desc&pageSize=100', adminCookie)).json(),
    );
    const seen = list.items.find((user) => user.id === member.id);
    expect(seen?.lastActiveAt).not.toBeNull();
    expect(Date.parse(seen?.lastActiveAt ?? '')).toBeGreaterThanOrEqual(before - 1_000);
    expect(list.items.find((user) => user.id === idle.id)?.lastActiveAt).toBeNull();
    // Recently active: the member who just signed in before the admin (signed in earlier), never-seen last.
    const order = list.items.map((user) => user.id);
    expect(order.indexOf(member.id)).toBeLessThan(order.indexOf(admin.id));
    expect(order.indexOf(idle.id)).toBeGreaterThan(order.indexOf(admin.id));
    expect(list.items.at(-1)?.lastActiveAt).toBeNull();

    const csv = await (
      await get(`/api/users/export.csv?q=${encodeURIComponent(member.email)}`, adminCookie)
    ).text();
    const [header, row] = csv.trim().split('\r\n');
    const column = header?.split(',').indexOf('last_active_at') ?? -1;
    expect(column).toBeGreaterThan(-1);
    expect(row?.split(',')[column]).toBe(seen?.lastActiveAt);
  });

  it('is marked on use at most once a minute per session, not on every request', async () => {
    const member = await createUser(t.db);
    const cookie = await signIn(member.email);
    const signedInAt = await lastUsed(member.id);

    // Only Date is faked: the server, the pool and the sockets keep their real timers.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(signedInAt + 30_000);
    expect((await get('/api/auth/verify', cookie)).status).toBe(200);
    expect(await lastUsed(member.id)).toBe(signedInAt);

    vi.setSystemTime(signedInAt + 61_000);
    expect((await get('/api/auth/verify', cookie)).status).toBe(200);
    expect(await lastUsed(member.id)).toBe(signedInAt + 61_000);

    vi.setSystemTime(signedInAt + 90_000);
    for (let i = 0; i < 5; i += 1) expect((await get('/api/auth/verify', cookie)).status).toBe(200);
    expect(await lastUsed(member.id)).toBe(signedInAt + 61_000);

    vi.setSystemTime(signedInAt + 125_000);
    expect((await get('/api/auth/verify', cookie)).status).toBe(200);
    expect(await lastUsed(member.id)).toBe(signedInAt + 125_000);
  });
});
