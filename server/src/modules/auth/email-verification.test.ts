import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiErrorSchema, authUserResponseSchema } from '@uplift/contracts';
import { createUser, testPassword } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { isTo, startTestSmtp, verificationTokenIn, type TestSmtp } from '../../../test/smtp.ts';
import { emailVerifications, users } from '../../db/schema.ts';
import {
  addressTakenMessage,
  invalidVerificationMessage,
  verificationLinkLifetimeMs,
} from './email-verification.ts';
import { hashToken } from './tokens.ts';

/** Issue 47.3: verified email, over real HTTP, with the mail read from a real SMTP server. */
describe('verified email, over real HTTP with mail through SMTP', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  let base: string;
  let addressCounter = 0;
  const newAddress = () => {
    addressCounter += 1;
    return `10.48.${Math.floor(addressCounter / 250)}.${addressCounter % 250}`;
  };

  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await createTestApp({
      SMTP_URL: smtp.url,
      PUBLIC_URL: 'https://uplift.example.test',
      TRUST_PROXY: '1',
    });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': newAddress(), ...headers },
      body: JSON.stringify(body ?? {}),
    });
  const cookieOf = (response: Response) =>
    response.headers
      .getSetCookie()
      .map((line) => line.split(';')[0] ?? '')
      .find((pair) => /uplift_session=./.test(pair)) ?? '';
  const signIn = async (email: string, password = testPassword) => {
    const response = await post('/api/auth/login', { email, password });
    return { status: response.status, cookie: cookieOf(response) };
  };
  const currentUser = async (cookie: string) =>
    authUserResponseSchema.parse(
      await (await fetch(`${base}/api/auth/verify`, { headers: { cookie } })).json(),
    ).user;
  const followLink = (token: string) => post('/api/auth/email/verify', { token });
  const mailTo = (email: string, subject?: string) =>
    smtp.next((mail) => isTo(mail, email) && (!subject || (mail.subject ?? '').startsWith(subject)));

  it('mails a new account a single-use link that verifies its address, signed in or not', async () => {
    const email = `new-${Date.now()}@example.test`;
    const registered = await post('/api/auth/register', {
      email,
      password: 'a long and uncommon passphrase',
      displayName: 'Nia Newcomer',
    });
    expect(registered.status).toBe(201);
    const cookie = cookieOf(registered);
    expect((await currentUser(cookie)).emailVerified).toBe(false);

    const mail = await mailTo(email, 'Confirm your email address');
    expect(mail.text).toContain('Hello Nia Newcomer,');
    // A security message: nobody can unsubscribe from it.
    expect(mail.headers.has('list-unsubscribe')).toBe(false);
    const token = verificationTokenIn(mail);
    const [row] = await t.db
      .select()
      .from(emailVerifications)
      .where(sql`lower(email) = ${email}`);
    expect(row?.tokenHash).toBe(hashToken(token));

    // Followed on another device, without a session.
    const followed = await followLink(token);
    expect(followed.status).toBe(200);
    expect(await followed.json()).toEqual({ success: true, email });
    expect((await currentUser(cookie)).emailVerified).toBe(true);

    const again = await followLink(token);
    expect(again.status).toBe(400);
    expect(apiErrorSchema.parse(await again.json()).error.message).toBe(invalidVerificationMessage);
  });

  it('refuses a link 24 hours after it was asked for', async () => {
    const member = await createUser(t.db, 'member-tier-1', { verified: false });
    const { cookie } = await signIn(member.email);
    expect((await post('/api/auth/email/verification', {}, { cookie })).status).toBe(202);
    const token = verificationTokenIn(await mailTo(member.email));
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + verificationLinkLifetimeMs + 1000);
    const late = await followLink(token);
    expect(late.status).toBe(400);
    expect(apiErrorSchema.parse(await late.json()).error.message).toBe(invalidVerificationMessage);
    vi.useRealTimers();
    expect((await currentUser(cookie)).emailVerified).toBe(false);
  });

  it('sends again a few times, then holds the member back', async () => {
    const member = await createUser(t.db, 'member-tier-1', { verified: false });
    const { cookie } = await signIn(member.email);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1)
      statuses.push((await post('/api/auth/email/verification', {}, { cookie })).status);
    expect(statuses).toEqual([202, 202, 202, 429]);
    const held = await post('/api/auth/email/verification', {}, { cookie });
    expect(held.status).toBe(429);
    expect(Number(held.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(apiErrorSchema.parse(await held.json()).error.message).toMatch(/Too many emails asked for/);

    const verified = await createUser(t.db);
    const done = await post(
      '/api/auth/email/verification',
      {},
      { cookie: (await signIn(verified.email)).cookie },
    );
    expect(done.status).toBe(400);
    expect((await post('/api/auth/email/verification', {})).status).toBe(401);
  });

  it('changes the address only with the password and a link followed from the new address', async () => {
    const member = await createUser(t.db);
    const { cookie } = await signIn(member.email);
    const newEmail = `moved-${Date.now()}@example.test`;

    const wrong = await post('/api/auth/email', { email: newEmail, password: 'not my password' }, { cookie });
    expect(wrong.status).toBe(400);
    expect(apiErrorSchema.parse(await wrong.json()).error.message).toBe(
      'Your current password is not correct.',
    );

    const asked = await post('/api/auth/email', { email: newEmail, password: testPassword }, { cookie });
    expect(asked.status).toBe(202);
    const notice = await mailTo(member.email, 'Your email address is being changed');
    expect(notice.text).toContain(newEmail);
    const link = await mailTo(newEmail, 'Confirm your new email address');
    // Nothing changes until the new address is proved.
    expect((await currentUser(cookie)).email).toBe(member.email);
    expect((await signIn(newEmail)).status).toBe(401);

    expect((await followLink(verificationTokenIn(link))).status).toBe(200);
    const user = await currentUser(cookie);
    expect(user).toMatchObject({ email: newEmail, emailVerified: true });
    expect((await signIn(newEmail)).status).toBe(200);
    expect((await signIn(member.email)).status).toBe(401);
  });

  it('answers alike for an address another account uses, and never gives it away', async () => {
    const member = await createUser(t.db);
    const other = await createUser(t.db);
    const { cookie } = await signIn(member.email);
    const free = `free-${Date.now()}@example.test`;

    const taken = await post('/api/auth/email', { email: other.email, password: testPassword }, { cookie });
    const open = await post('/api/auth/email', { email: free, password: testPassword }, { cookie });
    expect([taken.status, open.status]).toEqual([202, 202]);
    const answers = [(await taken.text()).replace(other.email, '@'), (await open.text()).replace(free, '@')];
    expect(answers[0]).toBe(answers[1]);
    // The link to the free address (queued after the taken one's) arrives; the taken address gets none.
    await mailTo(free, 'Confirm your new email address');
    const linked = await t.db
      .select()
      .from(emailVerifications)
      .where(eq(emailVerifications.email, other.email));
    expect(linked).toEqual([]);
    expect(smtp.received.filter((mail) => isTo(mail, other.email))).toEqual([]);
  });

  it('refuses a link whose address another account took meanwhile', async () => {
    const member = await createUser(t.db);
    const { cookie } = await signIn(member.email);
    const wanted = `wanted-${Date.now()}@example.test`;
    expect(
      (await post('/api/auth/email', { email: wanted, password: testPassword }, { cookie })).status,
    ).toBe(202);
    const token = verificationTokenIn(await mailTo(wanted, 'Confirm your new email address'));
    const quicker = await createUser(t.db);
    await t.db.update(users).set({ email: wanted }).where(eq(users.id, quicker.id));

    const refused = await followLink(token);
    expect(refused.status).toBe(409);
    expect(apiErrorSchema.parse(await refused.json()).error.message).toBe(addressTakenMessage);
    expect((await currentUser(cookie)).email).toBe(member.email);
  });
});
