import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { authTokenResponseSchema, authUserResponseSchema } from '@uplift/contracts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { createUser, sessionCookie, signIn, testPassword } from '../../../test/accounts.ts';
import { authEvents, sessions } from '../../db/schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// Only Date is faked: the grace window is read from the clock, the database runs in real time.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});
const advance = (ms: number) => vi.setSystemTime(Date.now() + ms);
const graceMs = 60_000;

const refresh = (headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers });
const verify = (headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/auth/verify', headers });

async function eventTypes(userId: string) {
  const rows = await t.db.select().from(authEvents).where(eq(authEvents.userId, userId));
  return rows.map((row) => row.type);
}

describe('a retried or parallel refresh', () => {
  it('gets the same successor when the old token comes again within the grace window', async () => {
    const user = await createUser(t.db);
    const original = await signIn(t.app, user.email);
    const next = sessionCookie(await refresh({ cookie: original }));

    advance(graceMs - 5_000);
    const retried = await refresh({ cookie: original });
    expect(retried.statusCode).toBe(200);
    expect(sessionCookie(retried)).toBe(next);
    expect((await verify({ cookie: next })).statusCode).toBe(200);
    expect(await eventTypes(user.id)).not.toContain('refresh.reuse');
  });

  it('converges parallel refreshes of one token on one successor', async () => {
    const user = await createUser(t.db);
    const original = await signIn(t.app, user.email);
    const answers = await Promise.all(Array.from({ length: 6 }, () => refresh({ cookie: original })));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array<number>(6).fill(200));
    const successors = new Set(answers.map((answer) => sessionCookie(answer)));
    expect(successors.size).toBe(1);
    const [successor] = [...successors];
    expect((await verify({ cookie: successor ?? '' })).statusCode).toBe(200);
    const live = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(live.filter((row) => row.revokedAt === null)).toHaveLength(1);
  });

  it('follows a successor rotated again within the window to the live token', async () => {
    const user = await createUser(t.db);
    const first = await signIn(t.app, user.email);
    const second = sessionCookie(await refresh({ cookie: first }));
    const third = sessionCookie(await refresh({ cookie: second }));
    const retried = await refresh({ cookie: first });
    expect(retried.statusCode).toBe(200);
    expect(sessionCookie(retried)).toBe(third);
  });

  it('stores the successor sealed, never in clear', async () => {
    const user = await createUser(t.db);
    const original = await signIn(t.app, user.email);
    const next = sessionCookie(await refresh({ cookie: original }));
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    const sealed = rows.map((row) => row.successorSealed).filter(Boolean);
    expect(sealed).toHaveLength(1);
    expect(sealed[0]).not.toContain(next.split('=')[1]);
  });
});

describe('reuse after the grace window', () => {
  it('revokes the whole session family and drops the sealed successors', async () => {
    const user = await createUser(t.db);
    const original = await signIn(t.app, user.email);
    const next = sessionCookie(await refresh({ cookie: original }));

    advance(graceMs + 1_000);
    const replay = await refresh({ cookie: original });
    expect(replay.statusCode).toBe(401);
    expect((await verify({ cookie: next })).statusCode).toBe(401);
    expect(await eventTypes(user.id)).toContain('refresh.reuse');
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows.every((row) => row.successorSealed === null && row.revokedAt !== null)).toBe(true);
  });
});

describe('a bearer client', () => {
  it('gets the rotated token in the body even without X-Client-Platform: native', async () => {
    const user = await createUser(t.db);
    const native = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'x-client-platform': 'native' },
      payload: { email: user.email, password: testPassword },
    });
    const { token } = authTokenResponseSchema.parse(native.json());

    const rotated = await refresh({ authorization: `Bearer ${token}` });
    expect(rotated.statusCode).toBe(200);
    const next = authUserResponseSchema.parse(rotated.json()).token;
    expect(next).toMatch(/^[\w-]{43}$/);
    expect(next).not.toBe(token);
    expect(rotated.cookies.filter((cookie) => cookie.value !== '')).toHaveLength(0);
    expect((await verify({ authorization: `Bearer ${next}` })).statusCode).toBe(200);
  });
});
