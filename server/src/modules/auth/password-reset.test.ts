import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiErrorSchema, passwordResetRequestedMessage } from '@uplift/contracts';
import { createUser, testPassword } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { resetLinkIn, startTestSmtp, type TestSmtp } from '../../../test/smtp.ts';
import { auditLog, authEvents, passwordResets } from '../../db/schema.ts';
import { invalidLinkMessage, resetLinkLifetimeMs } from './password-reset.ts';
import { hashToken } from './tokens.ts';

/** Issue 47.2: forgotten passwords, over real HTTP, with the mail read from a real SMTP server. */
describe('forgotten password, over real HTTP with mail through SMTP', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  let base: string;
  let addressCounter = 0;
  /** A client address no request has used yet, so that only the throttle under test counts. */
  const newAddress = () => {
    addressCounter += 1;
    return `10.47.${Math.floor(addressCounter / 250)}.${addressCounter % 250}`;
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
      body: JSON.stringify(body),
    });
  const askReset = (email: string, address = newAddress()) =>
    post('/api/auth/password-reset', { email }, { 'x-forwarded-for': address });
  const confirm = (token: string, password: string) =>
    post('/api/auth/password-reset/confirm', { token, password });

  async function signIn(email: string, password: string) {
    const response = await post('/api/auth/login', { email, password });
    const cookie = response.headers
      .getSetCookie()
      .map((line) => line.split(';')[0] ?? '')
      .find((pair) => /uplift_session=./.test(pair));
    return { status: response.status, cookie: cookie ?? '' };
  }
  const verify = async (cookie: string) =>
    (await fetch(`${base}/api/auth/verify`, { headers: { cookie } })).status;
  const mailTo = (email: string) =>
    smtp.next((mail) => mail.to !== undefined && JSON.stringify(mail.to).includes(email));

  it('mails a single-use link, stored only as a hash, that ends every session', async () => {
    const member = await createUser(t.db);
    const phone = await signIn(member.email, testPassword);
    const laptop = await signIn(member.email, testPassword);
    expect([await verify(phone.cookie), await verify(laptop.cookie)]).toEqual([200, 200]);

    const asked = await askReset(member.email.toUpperCase());
    expect(asked.status).toBe(202);
    expect(await asked.json()).toEqual({ success: true, message: passwordResetRequestedMessage });

    const mail = await mailTo(member.email);
    expect(mail.subject).toContain('Uplift');
    expect(mail.text).toContain('Uplift');
    expect(mail.html).toContain('Uplift');
    // A security message: nobody can unsubscribe from it.
    expect(mail.headers.has('list-unsubscribe')).toBe(false);
    const { url, token } = resetLinkIn(mail);
    expect(url.origin).toBe('https://uplift.example.test');
    expect(url.pathname).toBe('/reset-password');
    expect(mail.html).toContain(token);

    // Only the hash is stored, and the token is in no table (the job queue's included).
    const [row] = await t.db.select().from(passwordResets).where(eq(passwordResets.userId, member.id));
    expect(row?.tokenHash).toBe(hashToken(token));
    expect(row?.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + resetLinkLifetimeMs);
    const { rows } = await t.db.$client.query<{ n: number }>(
      `select count(*)::int as n from pgboss.job where data::text like '%' || $1 || '%'`,
      [token],
    );
    expect(rows[0]?.n).toBe(0);

    const newPassword = 'a brand new passphrase for uplift';
    expect((await confirm(token, newPassword)).status).toBe(200);
    // Every session ended, the old password no longer works and the new one does.
    expect([await verify(phone.cookie), await verify(laptop.cookie)]).toEqual([401, 401]);
    expect((await signIn(member.email, testPassword)).status).toBe(401);
    expect((await signIn(member.email, newPassword)).status).toBe(200);

    // Once only.
    const again = await confirm(token, 'yet another passphrase here');
    expect(again.status).toBe(400);
    expect(apiErrorSchema.parse(await again.json()).error.message).toBe(invalidLinkMessage);
    expect((await signIn(member.email, newPassword)).status).toBe(200);
  });

  it('refuses a common password without spending the link', async () => {
    const member = await createUser(t.db);
    await askReset(member.email);
    const { token } = resetLinkIn(await mailTo(member.email));
    expect((await confirm(token, 'password123')).status).toBe(400);
    expect((await confirm(token, 'a sound and uncommon passphrase')).status).toBe(200);
  });

  it('refuses a link 30 minutes after it was asked for', async () => {
    const member = await createUser(t.db);
    await askReset(member.email);
    const { token } = resetLinkIn(await mailTo(member.email));
    // Only Date is faked: the link's age is read from the clock, the database and sockets run in real time.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + resetLinkLifetimeMs + 1000);
    const late = await confirm(token, 'a passphrase set too late');
    expect(late.status).toBe(400);
    expect(apiErrorSchema.parse(await late.json()).error.message).toBe(invalidLinkMessage);
    vi.useRealTimers();
    expect((await signIn(member.email, testPassword)).status).toBe(200);
  });

  it('accepts a link 29 minutes after it was asked for', async () => {
    const member = await createUser(t.db);
    await askReset(member.email);
    const { token } = resetLinkIn(await mailTo(member.email));
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + resetLinkLifetimeMs - 60_000);
    expect((await confirm(token, 'just in time passphrase')).status).toBe(200);
  });

  it('answers alike whether or not the email has an account, and mails only the account', async () => {
    const member = await createUser(t.db);
    const nobody = `nobody-${Date.now()}@example.test`;
    const answers: Record<'known' | 'unknown', string[]> = { known: [], unknown: [] };
    for (let round = 0; round < 3; round += 1) {
      for (const [which, email] of [
        ['unknown', nobody],
        ['known', member.email],
      ] as const) {
        const response = await askReset(email);
        answers[which].push(`${response.status} ${await response.text()}`);
      }
    }
    expect(answers.unknown).toEqual(answers.known);
    expect(new Set(answers.known).size).toBe(1);
    // The same work either way (throttle, event, queued job), by construction: the request never looks the
    // address up (only the mail job does), so its recorded event names no account, known or not. Shown on
    // the records, not with a stopwatch: a loaded machine's timings tell nothing apart (CI 2026-12-08).
    const events = await t.db
      .select({ email: authEvents.email, userId: authEvents.userId })
      .from(authEvents)
      .where(
        and(
          eq(authEvents.type, 'password.reset.request'),
          inArray(authEvents.email, [nobody, member.email.toLowerCase()]),
        ),
      );
    const recorded = (email: string) => events.filter((event) => event.email === email.toLowerCase());
    expect(recorded(nobody)).toEqual(Array(3).fill({ email: nobody, userId: null }));
    expect(recorded(member.email)).toEqual(
      Array(3).fill({ email: member.email.toLowerCase(), userId: null }),
    );

    await mailTo(member.email);
    // The account's three mails arrive; nothing went to the address without an account.
    await vi.waitFor(
      () => {
        const toMember = smtp.received.filter((mail) => JSON.stringify(mail.to).includes(member.email));
        expect(toMember.length).toBe(3);
      },
      { timeout: 20_000, interval: 200 },
    );
    expect(smtp.received.filter((mail) => JSON.stringify(mail.to).includes(nobody))).toEqual([]);
  });

  it('throttles per email, with or without an account, and per address', async () => {
    const member = await createUser(t.db);
    const nobody = `nobody-${Date.now()}-2@example.test`;
    for (const email of [member.email, nobody]) {
      const statuses = [];
      for (let i = 0; i < 4; i += 1) statuses.push((await askReset(email)).status);
      expect(statuses).toEqual([202, 202, 202, 429]);
    }
    const held = await askReset(member.email);
    expect(held.status).toBe(429);
    expect(Number(held.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(apiErrorSchema.parse(await held.json()).error.message).toMatch(/Too many password-reset requests/);

    const address = newAddress();
    const statuses = [];
    for (let i = 0; i < 11; i += 1) {
      statuses.push((await askReset(`spray-${i}-${Date.now()}@example.test`, address)).status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(202));
    expect(statuses[10]).toBe(429);
  });

  it('lets an admin mail a member a link, audited, without ever seeing it', async () => {
    const admin = await createUser(t.db, 'admin');
    const member = await createUser(t.db);
    const other = await createUser(t.db);
    const adminCookie = (await signIn(admin.email, testPassword)).cookie;
    const memberCookie = (await signIn(other.email, testPassword)).cookie;

    const refused = await post(`/api/users/${member.id}/password-reset`, {}, { cookie: memberCookie });
    expect(refused.status).toBe(403);

    const sent = await post(`/api/users/${member.id}/password-reset`, {}, { cookie: adminCookie });
    expect(sent.status).toBe(202);
    expect(await sent.json()).toEqual({ success: true });

    const mail = await mailTo(member.email);
    expect(mail.text).toContain('A community admin sent you this link');
    const { token } = resetLinkIn(mail);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.subjectId} = ${member.id} and ${auditLog.action} = 'user.password_reset'`);
    expect(entry).toMatchObject({ actorId: admin.id, subjectType: 'user', subjectLabel: member.email });
    expect(JSON.stringify(entry)).not.toContain(token);

    expect((await confirm(token, 'chosen by the member alone')).status).toBe(200);
    expect((await signIn(member.email, 'chosen by the member alone')).status).toBe(200);
  });
});
