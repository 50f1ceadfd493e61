import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema.ts';
import { signedInAs } from '../../../test/accounts.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/database.ts';
import { startInstance, type Instance } from '../../../test/instance.ts';
import { createSessionCache } from './session-cache.ts';

describe('createSessionCache', () => {
  it('serves an entry until its time is up, and forgets a member’s entries only', () => {
    const cache = createSessionCache<string>({ ttlMs: 1_000, maxEntries: 10 });
    cache.set('token-a1', 'ada', 'ada, first device', 0, cache.epoch());
    cache.set('token-a2', 'ada', 'ada, second device', 0, cache.epoch());
    cache.set('token-b', 'ben', 'ben', 0, cache.epoch());
    expect(cache.get('token-a1', 999)).toBe('ada, first device');
    expect(cache.get('token-a1', 1_000)).toBeNull();

    cache.forgetUser('ada');
    expect(cache.get('token-a2', 10)).toBeNull();
    expect(cache.get('token-b', 10)).toBe('ben');
  });

  it('never keeps a row read before a change it raced', () => {
    const cache = createSessionCache<string>({ ttlMs: 1_000, maxEntries: 10 });
    const lookupStarted = cache.epoch();
    cache.forgetUser('ada');
    cache.set('token-a', 'ada', 'ada before her suspension', 0, lookupStarted);
    expect(cache.get('token-a', 1)).toBeNull();
  });

  it('drops the oldest entry when full', () => {
    const cache = createSessionCache<string>({ ttlMs: 1_000, maxEntries: 2 });
    for (const token of ['one', 'two', 'three']) cache.set(token, token, token, 0, cache.epoch());
    expect([cache.get('one', 1), cache.get('two', 1), cache.get('three', 1)]).toEqual([null, 'two', 'three']);
  });
});

/** Two instances of the app on one database: a session cached on one ends on both when it changes. */
describe('sessions kept in memory, on every instance', () => {
  let database: TestDatabase;
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    database = await createTestDatabase();
    [a, b] = await Promise.all([startInstance(database.url), startInstance(database.url)]);
  });

  afterAll(async () => {
    await Promise.all([a.app.close(), b.app.close()]);
    await Promise.all([a.db.$client.end(), b.db.$client.end()]);
    await database.drop();
  });

  const verify = (instance: Instance, cookie: string) =>
    fetch(`${instance.url}/api/auth/verify`, { headers: { cookie } });

  it('signs out everywhere at once when an admin suspends the member on the other instance', async () => {
    const member = await signedInAs(a.app, a.db, 'member-tier-1');
    const admin = await signedInAs(a.app, a.db, 'admin');
    // Both instances have the session in memory now.
    expect((await verify(a, member.cookie)).status).toBe(200);
    expect((await verify(b, member.cookie)).status).toBe(200);

    const suspended = await a.app.inject({
      method: 'PATCH',
      url: `/api/users/${member.user.id}`,
      headers: { cookie: admin.cookie },
      payload: { suspended: true },
    });
    expect(suspended.statusCode, suspended.body).toBe(200);
    // The instance that suspended forgets before it answers; the other hears it from the database.
    expect((await verify(a, member.cookie)).status).toBe(401);
    await expect.poll(async () => (await verify(b, member.cookie)).status, { timeout: 5_000 }).toBe(401);
  });

  it('answers a signed-in request from memory: a change no trigger reported goes unseen where cached', async () => {
    const member = await signedInAs(a.app, a.db, 'member-tier-1');
    expect((await verify(b, member.cookie)).status).toBe(200);
    await a.db.transaction(async (tx) => {
      // Triggers off for this transaction only: nothing tells the instances.
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, member.user.id));
    });
    expect((await verify(b, member.cookie)).status).toBe(200);
    // The instance that never had it in memory reads the database.
    expect((await verify(a, member.cookie)).status).toBe(401);
  });

  it('follows a change made straight in the database: a role, then a revoked session', async () => {
    const member = await signedInAs(a.app, a.db, 'member-tier-1');
    const role = async () =>
      ((await (await verify(b, member.cookie)).json()) as { user: { role: string } }).user.role;
    expect(await role()).toBe('member-tier-1');

    await a.db.update(users).set({ role: 'member-tier-2' }).where(eq(users.id, member.user.id));
    await expect.poll(role, { timeout: 5_000 }).toBe('member-tier-2');

    await a.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, member.user.id));
    await expect.poll(async () => (await verify(b, member.cookie)).status, { timeout: 5_000 }).toBe(401);
  });
});
