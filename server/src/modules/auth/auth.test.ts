import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema, authTokenResponseSchema, authUserResponseSchema } from '@uplift/contracts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { createUser, sessionCookie, signIn, testPassword } from '../../../test/accounts.ts';
import { authEvents, sessions, users } from '../../db/schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: '1' });
});
afterAll(() => t.close());

let ipCounter = 0;
/** Each call from its own client address, so per-IP rate limits do not couple the tests. */
function fromNewClient() {
  ipCounter += 1;
  return {
    'x-forwarded-for': `10.0.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`,
    'user-agent': 'vitest',
  };
}

function register(payload: Record<string, unknown>, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    headers: { ...fromNewClient(), ...headers },
    payload,
  });
}
function login(email: string, password: string, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { ...fromNewClient(), ...headers },
    payload: { email, password },
  });
}
const verify = (headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/auth/verify', headers });
const refresh = (headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers });

let emailCounter = 0;
const newEmail = () => `member${++emailCounter}@example.test`;

describe('register', () => {
  it('creates a member-tier-1 account and signs in with an httpOnly, SameSite=Lax cookie', async () => {
    const email = newEmail();
    const response = await register({ email, password: 'a fine long passphrase', displayName: 'Ada' });
    expect(response.statusCode).toBe(201);
    const body = authTokenResponseSchema.parse(response.json());
    expect(body.user).toMatchObject({ email, role: 'member-tier-1', displayName: 'Ada', avatarUrl: null });
    expect(body.user.permissions).toEqual({});
    expect(body.token).toBeNull();
    const cookie = response.cookies.find((c) => c.name === 'uplift_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();
    expect((await verify({ cookie: sessionCookie(response) })).statusCode).toBe(200);
  });

  it('over HTTPS uses the __Host- cookie with Secure', async () => {
    const response = await register(
      { email: newEmail(), password: 'a fine long passphrase', displayName: 'Ada' },
      { 'x-forwarded-proto': 'https' },
    );
    const cookie = response.cookies.find((c) => c.name === '__Host-uplift_session');
    expect(cookie).toMatchObject({ httpOnly: true, secure: true, path: '/', sameSite: 'Lax' });
  });

  it('gives native clients the token in the body, usable as a bearer header', async () => {
    const response = await register(
      { email: newEmail(), password: 'a fine long passphrase', displayName: 'Native' },
      { 'x-client-platform': 'native' },
    );
    const { token } = authTokenResponseSchema.parse(response.json());
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(response.cookies).toHaveLength(0);
    const verified = await verify({ authorization: `Bearer ${token}` });
    expect(authUserResponseSchema.parse(verified.json()).user.displayName).toBe('Native');
  });

  it('treats emails case-insensitively: a second account is refused with 409', async () => {
    const email = newEmail();
    await register({ email, password: 'a fine long passphrase', displayName: 'One' });
    const again = await register({
      email: email.toUpperCase(),
      password: 'another passphrase',
      displayName: 'Two',
    });
    expect(again.statusCode).toBe(409);
    expect(apiErrorSchema.parse(again.json()).error.code).toBe('VALIDATION_ERROR');
  });

  it.each([
    ['shorter than 8 characters', 'short1!', 400],
    ['among the most common passwords', 'password1', 400],
    ['longer than 128 characters', 'x'.repeat(129), 400],
  ])('refuses a password %s', async (_case, password, status) => {
    const response = await register({ email: newEmail(), password, displayName: 'P' });
    expect(response.statusCode).toBe(status);
    expect(apiErrorSchema.parse(response.json()).error.code).toBe('VALIDATION_ERROR');
  });

  it('accepts a 64-character passphrase with no composition rules', async () => {
    const response = await register({
      email: newEmail(),
      password: 'a'.repeat(40) + 'b'.repeat(24),
      displayName: 'L',
    });
    expect(response.statusCode).toBe(201);
  });

  it('stores the password with argon2id at OWASP parameters, never in clear', async () => {
    const email = newEmail();
    await register({ email, password: 'a fine long passphrase', displayName: 'Hash' });
    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it.each([
    [
      'a right-to-left override',
      'Bob\u202Etxt.exe',
      'Remove control, invisible or text-direction characters',
    ],
    ['a bidirectional isolate', '\u2067Ada\u2069', 'Remove control, invisible or text-direction characters'],
    [
      'a terminal control character',
      'Ada\u009B31m',
      'Remove control, invisible or text-direction characters',
    ],
    ['a tab', 'Ada\tLovelace', 'Remove control, invisible or text-direction characters'],
    ['a line break', 'Ada\nLovelace', 'Remove control, invisible or text-direction characters'],
    ['a reserved name', 'Administrator', 'This name is reserved. Choose another one'],
    ['a reserved name split by a space', 'Admin istrator', 'This name is reserved. Choose another one'],
    ['a reserved name in capitals', 'ADMIN', 'This name is reserved. Choose another one'],
    ['a reserved name with a lookalike digit', 'Upl1ft', 'This name is reserved. Choose another one'],
    ['a reserved word in a longer name', 'Uplift Support Team', 'This name is reserved. Choose another one'],
  ])('refuses a display name with %s', async (_case, displayName, message) => {
    const response = await register({ email: newEmail(), password: 'a fine long passphrase', displayName });
    expect(response.statusCode).toBe(400);
    expect(apiErrorSchema.parse(response.json()).error.issues).toEqual([
      { path: 'body.displayName', message },
    ]);
  });

  it('accepts names in any script, with accents and emoji', async () => {
    for (const displayName of ['Zoë Ångström', '李小龍', 'Badminton Fan 🏸', 'محمد']) {
      const response = await register({ email: newEmail(), password: 'a fine long passphrase', displayName });
      expect(response.statusCode).toBe(201);
      expect(authTokenResponseSchema.parse(response.json()).user.displayName).toBe(displayName);
    }
  });

  it('rejects bad input with field issues', async () => {
    const response = await register({ email: 'not-an-email', password: 12, displayName: '' });
    expect(response.statusCode).toBe(400);
    const paths = apiErrorSchema.parse(response.json()).error.issues?.map((issue) => issue.path);
    expect(paths).toEqual(expect.arrayContaining(['body.email', 'body.password', 'body.displayName']));
  });
});

describe('login and sessions', () => {
  it('issues a new token at every login, stored only as a hash', async () => {
    const user = await createUser(t.db);
    const first = sessionCookie(await login(user.email, testPassword));
    const second = sessionCookie(await login(user.email.toUpperCase(), testPassword));
    expect(first).not.toBe(second);
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    const rawTokens = [first, second].map((cookie) => cookie.split('=')[1]);
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(rawTokens).not.toContain(row.tokenHash);
  });

  it('answers a wrong password and an unknown email identically', async () => {
    const user = await createUser(t.db);
    const wrong = await login(user.email, 'not the password');
    const unknown = await login('nobody-here@example.test', 'not the password');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    const { requestId: _a, ...wrongError } = apiErrorSchema.parse(wrong.json()).error;
    const { requestId: _b, ...unknownError } = apiErrorSchema.parse(unknown.json()).error;
    expect(wrongError).toEqual(unknownError);
    expect(wrongError).toMatchObject({ code: 'AUTH_FAILED', message: 'Incorrect email or password.' });
  });

  it('verify answers 401 without a session or with a made-up token', async () => {
    expect((await verify({})).statusCode).toBe(401);
    const forged = await verify({ authorization: 'Bearer forged-token-value' });
    expect(forged.statusCode).toBe(401);
    expect(apiErrorSchema.parse(forged.json()).error.code).toBe('AUTH_FAILED');
  });

  it('expires a session after its idle time and after its absolute lifetime', async () => {
    const idleUser = await createUser(t.db);
    const idleCookie = await signIn(t.app, idleUser.email);
    await t.db
      .update(sessions)
      .set({ lastUsedAt: new Date(Date.now() - 15 * 24 * 60 * 60_000) })
      .where(eq(sessions.userId, idleUser.id));
    expect((await verify({ cookie: idleCookie })).statusCode).toBe(401);

    const oldUser = await createUser(t.db);
    const oldCookie = await signIn(t.app, oldUser.email);
    await t.db
      .update(sessions)
      .set({ absoluteExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, oldUser.id));
    expect((await verify({ cookie: oldCookie })).statusCode).toBe(401);
  });
});

describe('refresh, reuse, logout, password change', () => {
  it('rotates the token and revokes the old one', async () => {
    const user = await createUser(t.db);
    const original = await signIn(t.app, user.email);
    const rotated = await refresh({ cookie: original });
    expect(rotated.statusCode).toBe(200);
    expect(authUserResponseSchema.parse(rotated.json()).user.id).toBe(user.id);
    const next = sessionCookie(rotated);
    expect(next).not.toBe(original);
    expect((await verify({ cookie: original })).statusCode).toBe(401);
    expect((await verify({ cookie: next })).statusCode).toBe(200);
  });

  it('logout revokes the session and clears the cookie', async () => {
    const user = await createUser(t.db);
    const cookie = await signIn(t.app, user.email);
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.cookies.find((c) => c.name === 'uplift_session')?.value).toBe('');
    // The browser drops what it cached of the member's answers; its offline storage stays for the next one.
    expect(response.headers['clear-site-data']).toBe('"cache", "cookies"');
    expect((await verify({ cookie })).statusCode).toBe(401);
  });

  it('a password change revokes the other sessions but keeps this one', async () => {
    const user = await createUser(t.db);
    const here = await signIn(t.app, user.email);
    const elsewhere = await signIn(t.app, user.email);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password',
      headers: { cookie: here },
      payload: { currentPassword: 'not it at all', newPassword: 'a brand new passphrase' },
    });
    expect(wrong.statusCode).toBe(400);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password',
      headers: { cookie: here },
      payload: { currentPassword: testPassword, newPassword: 'a brand new passphrase' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await verify({ cookie: here })).statusCode).toBe(200);
    expect((await verify({ cookie: elsewhere })).statusCode).toBe(401);
    expect((await login(user.email, 'a brand new passphrase')).statusCode).toBe(200);
    const types = (await t.db.select().from(authEvents).where(eq(authEvents.userId, user.id))).map(
      (e) => e.type,
    );
    expect(types).toEqual(expect.arrayContaining(['login.success', 'password.change']));
  });
});

describe('cross-site requests', () => {
  it('refuses a cross-site state-changing request from a browser', async () => {
    const user = await createUser(t.db);
    const cookie = await signIn(t.app, user.email);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(403);
    expect(apiErrorSchema.parse(response.json()).error.code).toBe('PERMISSION_DENIED');
    expect((await verify({ cookie })).statusCode).toBe(200);
  });

  it('refuses a foreign Origin even without Sec-Fetch-Site', async () => {
    const response = await login('a@example.test', 'whatever pass', { origin: 'https://evil.example' });
    expect(response.statusCode).toBe(403);
  });

  it('allows same-origin browsers, the native shells and bearer requests', async () => {
    const user = await createUser(t.db);
    expect((await login(user.email, testPassword, { 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
    expect((await login(user.email, testPassword, { origin: 'capacitor://localhost' })).statusCode).toBe(200);
    const native = await login(user.email, testPassword, { 'x-client-platform': 'native' });
    const { token } = authTokenResponseSchema.parse(native.json());
    const bearerLogout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: {
        authorization: `Bearer ${token}`,
        origin: 'https://elsewhere.example',
        'sec-fetch-site': 'cross-site',
      },
    });
    expect(bearerLogout.statusCode).toBe(200);
  });

  it('accepts JSON bodies only (a form post gets 415)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a%40b.c&password=x',
    });
    expect(response.statusCode).toBe(415);
  });
});

describe('rate limits per IP', () => {
  it('limits login attempts from one address', async () => {
    const client = fromNewClient();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      statuses.push((await login(`rate${i}@example.test`, 'some password', client)).statusCode);
    }
    expect(statuses.slice(0, 30).every((status) => status === 401)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});
