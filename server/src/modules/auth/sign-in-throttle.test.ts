import { eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiErrorSchema } from '@uplift/contracts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { createUser, testPassword } from '../../../test/accounts.ts';
import { authEvents } from '../../db/schema.ts';
import { throttleRules } from './sign-in-throttle.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: '1' });
});
afterAll(() => t.close());

// Only Date is faked: delays are read from the clock, while the database and sockets run in real time.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});
const advance = (ms: number) => vi.setSystemTime(Date.now() + ms);

let addressCounter = 0;
/** A client address no test has used yet. */
function newAddress() {
  addressCounter += 1;
  return `10.1.${Math.floor(addressCounter / 250)}.${addressCounter % 250}`;
}

function login(email: string, password: string, address: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'x-forwarded-for': address, 'user-agent': 'vitest' },
    payload: { email, password },
  });
}

function changePassword(cookie: string, currentPassword: string, newPassword: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/password',
    // From its own address each time, so that the per-address rate limit is not what answers.
    headers: { cookie, 'x-forwarded-for': newAddress() },
    payload: { currentPassword, newPassword },
  });
}

const statuses = (responses: { statusCode: number }[]) => responses.map((response) => response.statusCode);
const count = (list: number[], status: number) => list.filter((value) => value === status).length;

async function eventTypes(userId: string) {
  const rows = await t.db.select().from(authEvents).where(eq(authEvents.userId, userId));
  return rows.map((row) => row.type);
}

describe('a stranger cannot keep the owner out', () => {
  it('lets the owner in from an address they signed in from, however many guesses others made', async () => {
    const owner = await createUser(t.db);
    const home = newAddress();
    expect((await login(owner.email, testPassword, home)).statusCode).toBe(200);

    const attacker = newAddress();
    for (let i = 0; i < 10; i += 1) await login(owner.email, 'a wrong guess', attacker);
    for (let i = 0; i < 20; i += 1) await login(owner.email, 'a wrong guess', newAddress());

    expect((await login(owner.email, testPassword, home)).statusCode).toBe(200);
    // A typo at home still only costs the owner their own attempts.
    expect((await login(owner.email, 'a typo', home)).statusCode).toBe(401);
    expect((await login(owner.email, testPassword, home)).statusCode).toBe(200);
  });

  it('holds the owner at a new address back only by a short, bounded delay, never a renewable lock', async () => {
    const owner = await createUser(t.db);
    // Far more guesses than any delay step: the delay stays capped.
    for (let round = 0; round < 30; round += 1) {
      await login(owner.email, 'a wrong guess', newAddress());
      advance(throttleRules.account.maxDelayMs / 10);
    }
    const held = await login(owner.email, testPassword, newAddress());
    expect(held.statusCode).toBe(429);
    expect(Number(held.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(apiErrorSchema.parse(held.json()).error.message).toMatch(
      /^Too many sign-in attempts\. Try again in \d+ (seconds?|minutes)\.$/,
    );
    advance(throttleRules.account.maxDelayMs);
    expect((await login(owner.email, testPassword, newAddress())).statusCode).toBe(200);
  });
});

describe('guessing stays bounded', () => {
  it('gives one address five guesses at an account, then growing delays', async () => {
    const user = await createUser(t.db);
    const attacker = newAddress();
    const first = [];
    for (let i = 0; i < 6; i += 1)
      first.push((await login(user.email, 'a wrong guess', attacker)).statusCode);
    expect(first).toEqual([401, 401, 401, 401, 401, 429]);
    // Held back even with the right password: it is not checked.
    const held = await login(user.email, testPassword, attacker);
    expect(held.statusCode).toBe(429);
    // The wait in whole seconds, as the message says it.
    const seconds = Math.ceil(throttleRules.pair.firstDelayMs / 1000);
    expect(held.headers['retry-after']).toBe(String(seconds));
    expect(apiErrorSchema.parse(held.json()).error.message).toBe(
      `Too many sign-in attempts. Try again in ${seconds} seconds.`,
    );

    advance(throttleRules.pair.firstDelayMs);
    expect((await login(user.email, 'a wrong guess', attacker)).statusCode).toBe(401);
    // The next wait is twice as long.
    advance(throttleRules.pair.firstDelayMs);
    expect((await login(user.email, 'a wrong guess', attacker)).statusCode).toBe(429);
    advance(throttleRules.pair.firstDelayMs);
    expect((await login(user.email, testPassword, attacker)).statusCode).toBe(200);
  });

  it('gives many addresses together a few guesses at an account, and answers the same for unknown emails', async () => {
    const user = await createUser(t.db);
    const ghost = `ghost-${Date.now()}@example.test`;
    for (const email of [user.email, ghost]) {
      const answers = [];
      for (let i = 0; i < 12; i += 1)
        answers.push((await login(email, 'a wrong guess', newAddress())).statusCode);
      expect(answers).toEqual([...Array<number>(5).fill(401), ...Array<number>(7).fill(429)]);
    }
    const known = await login(user.email, 'a wrong guess', newAddress());
    const unknown = await login(ghost, 'a wrong guess', newAddress());
    expect(apiErrorSchema.parse(known.json()).error.message).toBe(
      apiErrorSchema.parse(unknown.json()).error.message,
    );

    const types = await eventTypes(user.id);
    expect(types.filter((type) => type === 'login.failure')).toHaveLength(5);
    expect(types).toContain('login.throttled');
  });

  it('limits one address spraying many accounts', async () => {
    const sprayer = newAddress();
    const answers = [];
    for (let i = 0; i <= throttleRules.address.freeAttempts; i += 1) {
      answers.push(await login(`spray${i}-${Date.now()}@example.test`, 'a wrong guess', sprayer));
      // Spread out, so that the per-route rate limit is not what answers.
      advance(10_000);
    }
    expect(count(statuses(answers), 401)).toBe(throttleRules.address.freeAttempts);
    const last = answers.at(-1);
    expect(last?.statusCode).toBe(429);
    expect(apiErrorSchema.parse(last?.json()).error.message).toMatch(/^Too many sign-in attempts/);
  });
});

describe('parallel guesses', () => {
  it('checks only as many of 25 parallel wrong logins as the limit allows', async () => {
    const user = await createUser(t.db);
    const attacker = newAddress();
    const answers = statuses(
      await Promise.all(Array.from({ length: 25 }, () => login(user.email, 'a wrong guess', attacker))),
    );
    expect(count(answers, 401)).toBe(throttleRules.pair.freeAttempts);
    expect(count(answers, 429)).toBe(25 - throttleRules.pair.freeAttempts);
    const failures = (await eventTypes(user.id)).filter((type) => type === 'login.failure');
    expect(failures).toHaveLength(throttleRules.pair.freeAttempts);
  });

  it('does not check a correct password hidden in a parallel burst beyond the limit', async () => {
    const user = await createUser(t.db);
    const burst = [
      ...Array.from({ length: 12 }, () => login(user.email, 'a wrong guess', newAddress())),
      login(user.email, testPassword, newAddress()),
    ];
    const answers = statuses(await Promise.all(burst));
    expect(count(answers, 429)).toBe(13 - throttleRules.account.freeAttempts);
    const checked = (await eventTypes(user.id)).filter(
      (type) => type === 'login.failure' || type === 'login.success',
    );
    expect(checked).toHaveLength(throttleRules.account.freeAttempts);
  });
});

describe('changing the password', () => {
  async function signedIn() {
    const user = await createUser(t.db);
    const response = await login(user.email, testPassword, newAddress());
    const cookie = response.cookies.find((c) => c.name === 'uplift_session');
    if (!cookie) throw new Error('no session cookie');
    return { user, cookie: `${cookie.name}=${cookie.value}` };
  }

  it('counts wrong current passwords like sign-ins: five, then growing delays', async () => {
    const { user, cookie } = await signedIn();
    const answers = [];
    for (let i = 0; i < 5; i += 1) {
      answers.push((await changePassword(cookie, 'not my password', 'a brand new passphrase')).statusCode);
    }
    expect(answers).toEqual([400, 400, 400, 400, 400]);
    const held = await changePassword(cookie, testPassword, 'a brand new passphrase');
    expect(held.statusCode).toBe(429);
    expect(apiErrorSchema.parse(held.json()).error).toMatchObject({ code: 'RATE_LIMITED' });
    expect(held.headers['retry-after']).toBe(String(throttleRules.passwordCheck.firstDelayMs / 1000));
    expect(await eventTypes(user.id)).toEqual(
      expect.arrayContaining(['password.failure', 'password.throttled']),
    );

    advance(throttleRules.passwordCheck.firstDelayMs);
    expect((await changePassword(cookie, testPassword, 'a brand new passphrase')).statusCode).toBe(200);
  });

  it('checks only five of ten parallel wrong current passwords', async () => {
    const { cookie } = await signedIn();
    const answers = statuses(
      await Promise.all(
        Array.from({ length: 10 }, () => changePassword(cookie, 'not my password', 'a brand new passphrase')),
      ),
    );
    expect(count(answers, 400)).toBe(throttleRules.passwordCheck.freeAttempts);
    expect(count(answers, 429)).toBe(10 - throttleRules.passwordCheck.freeAttempts);
  });

  it('refuses a new password equal to the current one', async () => {
    const { user, cookie } = await signedIn();
    const same = await changePassword(cookie, testPassword, testPassword);
    expect(same.statusCode).toBe(400);
    expect(apiErrorSchema.parse(same.json()).error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Choose a new password that is different from your current one.',
    });
    const changes = await t.db
      .select()
      .from(authEvents)
      .where(inArray(authEvents.type, ['password.change']));
    expect(changes.filter((event) => event.userId === user.id)).toHaveLength(0);
  });
});
