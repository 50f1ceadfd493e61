import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiErrorSchema, authTokenResponseSchema, passkeyListSchema, passkeySchema } from '@uplift/contracts';
import { createUser, sessionCookie, signIn } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { createTestAuthenticator, type TestAuthenticator } from '../../../test/authenticator.ts';
import { users } from '../../db/schema.ts';
import { challengeLifetimeMs, passkeyMessages } from './passkeys.ts';

const origin = 'https://uplift.example.test';

/** Issue 47.5: passkeys over HTTP, answered by a software authenticator with real keys and signatures. */
describe('passkeys', () => {
  let t: TestApp;
  let addressCounter = 0;
  /** A client address no request has used yet, so that only the throttle under test counts. */
  const newAddress = () => {
    addressCounter += 1;
    return `10.48.${Math.floor(addressCounter / 250)}.${addressCounter % 250}`;
  };

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: origin, TRUST_PROXY: '1' });
  });
  afterAll(() => t.close());
  afterEach(() => vi.useRealTimers());

  const call = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    { cookie, payload, address = newAddress() }: { cookie?: string; payload?: object; address?: string } = {},
  ) =>
    t.app.inject({
      method,
      url,
      headers: { 'x-forwarded-for': address, ...(cookie ? { cookie } : {}) },
      ...(payload ? { payload } : {}),
    });

  /** A member with a passkey added in settings, and the authenticator that holds it. */
  async function memberWithPasskey(name = 'Laptop') {
    const member = await createUser(t.db);
    const cookie = await signIn(t.app, member.email);
    const authenticator = createTestAuthenticator();
    const options = (await call('POST', '/api/auth/passkeys/registration-options', { cookie })).json();
    const added = await call('POST', '/api/auth/passkeys', {
      cookie,
      payload: { response: authenticator.register(options, origin), name },
    });
    expect(added.statusCode, added.body).toBe(201);
    return { member, cookie, authenticator, passkey: passkeySchema.parse(added.json()) };
  }

  async function signInWith(authenticator: TestAuthenticator, address = newAddress()) {
    const options = (await call('POST', '/api/auth/passkeys/authentication-options', { address })).json();
    return call('POST', '/api/auth/passkeys/sign-in', {
      address,
      payload: { response: authenticator.assert(options, origin) },
    });
  }

  const messageOf = (response: { json(): unknown }) => apiErrorSchema.parse(response.json()).error.message;

  it('adds a passkey in settings, lists it, and signs in with it to the same session as a password', async () => {
    const { member, cookie, authenticator, passkey } = await memberWithPasskey();
    expect(passkey).toMatchObject({ name: 'Laptop', lastUsedAt: null });
    const listed = passkeyListSchema.parse((await call('GET', '/api/auth/passkeys', { cookie })).json());
    expect(listed.items.map((each) => each.id)).toEqual([passkey.id]);

    const signedIn = await signInWith(authenticator);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(authTokenResponseSchema.parse(signedIn.json()).user.email).toBe(member.email);
    const session = sessionCookie(signedIn);
    const verified = await call('GET', '/api/auth/verify', { cookie: session });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ user: { id: member.id } });
    const devices = await call('GET', '/api/account/sessions', { cookie: session });
    expect(devices.json().items).toHaveLength(2);
    const [used] = passkeyListSchema.parse(
      (await call('GET', '/api/auth/passkeys', { cookie })).json(),
    ).items;
    expect(used?.lastUsedAt).not.toBeNull();
  });

  it('refuses a challenge used once already, or older than five minutes', async () => {
    const { cookie, authenticator } = await memberWithPasskey();
    const address = newAddress();
    const options = (await call('POST', '/api/auth/passkeys/authentication-options', { address })).json();
    const first = await call('POST', '/api/auth/passkeys/sign-in', {
      address,
      payload: { response: authenticator.assert(options, origin) },
    });
    expect(first.statusCode).toBe(200);
    const replayed = await call('POST', '/api/auth/passkeys/sign-in', {
      address,
      payload: { response: authenticator.assert(options, origin) },
    });
    expect(replayed.statusCode).toBe(401);
    expect(messageOf(replayed)).toBe(passkeyMessages.challenge);

    vi.useFakeTimers({ toFake: ['Date'] });
    const late = (await call('POST', '/api/auth/passkeys/authentication-options', { address })).json();
    vi.setSystemTime(Date.now() + challengeLifetimeMs + 1_000);
    const expired = await call('POST', '/api/auth/passkeys/sign-in', {
      address,
      payload: { response: authenticator.assert(late, origin) },
    });
    expect(expired.statusCode).toBe(401);
    expect(messageOf(expired)).toBe(passkeyMessages.challenge);
    vi.useRealTimers();

    // A registration's challenge works once, and only for the member who asked for it.
    const other = await createUser(t.db);
    const otherCookie = await signIn(t.app, other.email);
    const registration = (await call('POST', '/api/auth/passkeys/registration-options', { cookie })).json();
    const second = createTestAuthenticator();
    const byAnother = await call('POST', '/api/auth/passkeys', {
      cookie: otherCookie,
      payload: { response: second.register(registration, origin) },
    });
    expect(byAnother.statusCode).toBe(400);
    expect(messageOf(byAnother)).toBe(passkeyMessages.challenge);
    const own = await call('POST', '/api/auth/passkeys', {
      cookie,
      payload: { response: second.register(registration, origin) },
    });
    expect(own.statusCode, 'another member cannot use up my challenge').toBe(201);
    const reused = await call('POST', '/api/auth/passkeys', {
      cookie,
      payload: { response: createTestAuthenticator().register(registration, origin) },
    });
    expect(reused.statusCode).toBe(400);
    expect(messageOf(reused)).toBe(passkeyMessages.challenge);
  });

  it('refuses a passkey it does not know, and one whose counter went backwards', async () => {
    const stranger = createTestAuthenticator();
    const unknown = await signInWith(stranger);
    expect(unknown.statusCode).toBe(401);
    expect(messageOf(unknown)).toBe(passkeyMessages.unknown);

    const { authenticator } = await memberWithPasskey();
    expect((await signInWith(authenticator)).statusCode).toBe(200);
    // A cloned authenticator: it presents a counter the server has already seen.
    authenticator.counter = 0;
    const cloned = await signInWith(authenticator);
    expect(cloned.statusCode).toBe(401);
    expect(messageOf(cloned)).toBe(passkeyMessages.failed);
  });

  it('refuses a passkey for an origin other than the app', async () => {
    const { authenticator } = await memberWithPasskey();
    const address = newAddress();
    const options = (await call('POST', '/api/auth/passkeys/authentication-options', { address })).json();
    const phished = await call('POST', '/api/auth/passkeys/sign-in', {
      address,
      payload: { response: authenticator.assert(options, 'https://uplift.example.test.evil.example') },
    });
    expect(phished.statusCode).toBe(401);
  });

  it('tells a suspended member so, as a password sign-in does, and gives no session', async () => {
    const { member, authenticator } = await memberWithPasskey();
    await t.db
      .update(users)
      .set({ suspendedAt: new Date(), suspendedReason: 'Spam' })
      .where(eq(users.id, member.id));
    const refused = await signInWith(authenticator);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: { sessionEnded: { cause: 'suspended', reason: 'Spam' } } });
    expect(refused.cookies.find((c) => c.name.endsWith('uplift_session') && c.value !== '')).toBeUndefined();
  });

  it('throttles passkey sign-in from one address like password sign-in', async () => {
    const stranger = createTestAuthenticator();
    const address = newAddress();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1)
      statuses.push((await signInWith(stranger, address)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const refused = await signInWith(stranger, address);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('removes only the member’s own passkeys, and only for a signed-in member', async () => {
    const owner = await memberWithPasskey();
    const other = await memberWithPasskey('Phone');
    const byOther = await call('DELETE', `/api/auth/passkeys/${owner.passkey.id}`, { cookie: other.cookie });
    expect(byOther.statusCode).toBe(404);
    const stillThere = passkeyListSchema.parse(
      (await call('GET', '/api/auth/passkeys', { cookie: owner.cookie })).json(),
    );
    expect(stillThere.items).toHaveLength(1);
    expect((await call('DELETE', `/api/auth/passkeys/${owner.passkey.id}`)).statusCode).toBe(401);
    expect((await call('GET', '/api/auth/passkeys')).statusCode).toBe(401);
    expect((await call('POST', '/api/auth/passkeys/registration-options')).statusCode).toBe(401);

    const removed = await call('DELETE', `/api/auth/passkeys/${owner.passkey.id}`, { cookie: owner.cookie });
    expect(removed.statusCode).toBe(200);
    expect(
      passkeyListSchema.parse((await call('GET', '/api/auth/passkeys', { cookie: owner.cookie })).json())
        .items,
    ).toEqual([]);
    // Removed, it signs nobody in.
    const after = await signInWith(owner.authenticator);
    expect(after.statusCode).toBe(401);
    expect(messageOf(after)).toBe(passkeyMessages.unknown);
  });
});
