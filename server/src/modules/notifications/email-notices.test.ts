import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema, preferencesSchema, type EmailPreferences } from '@uplift/contracts';
import { createUser, testPassword } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/database.ts';
import { isTo, startTestSmtp, type TestSmtp } from '../../../test/smtp.ts';
import { loadConfig } from '../../config.ts';
import { memberPreferences, notificationDeliveries, notifications } from '../../db/schema.ts';
import { createJobQueue, type JobQueue } from '../jobs/index.ts';
import { createMail } from '../mail/index.ts';
import { createEmailNotices } from './email-notices.ts';

const headerOf = (mail: ParsedMail, name: string) =>
  mail.headerLines.find((line) => line.key === name)?.line.replace(/\r\n\s+/g, ' ');

/** Issue 47.4 over real HTTP: instant notification mail by preference, and its one-click unsubscribe. */
describe('notifications by email, over real HTTP with mail through SMTP', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  let base: string;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    // Two seconds' grace: what is read in the app within it is not mailed.
    t = await createTestApp({
      SMTP_URL: smtp.url,
      PUBLIC_URL: 'https://uplift.example.test',
      NOTIFICATION_MAIL_DELAY_SECONDS: '2',
    });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const call = async (method: string, path: string, cookie: string, body?: unknown) =>
    fetch(`${base}${path}`, {
      method,
      headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  async function signIn(email: string) {
    const response = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: testPassword }),
    });
    return response.headers
      .getSetCookie()
      .map((line) => line.split(';')[0] ?? '')
      .find((pair) => /uplift_session=./.test(pair))!;
  }
  async function member(email: Partial<EmailPreferences>) {
    const user = await createUser(t.db);
    const cookie = await signIn(user.email);
    expect((await call('PATCH', '/api/settings/preferences', cookie, { email })).status).toBe(200);
    return { user, cookie };
  }
  let admin: string;
  async function announce(title: string, userIds: string[]) {
    admin ??= await signIn((await createUser(t.db, 'admin')).email);
    const sent = await call('POST', '/api/admin/notifications', admin, {
      title,
      body: `${title}, in a few words.`,
      link: '/community',
      audience: { type: 'members', userIds },
    });
    expect(sent.status).toBe(201);
    return ((await sent.json()) as { id: string }).id;
  }

  it('mails an announcement right away, with a one-click unsubscribe that works signed out', async () => {
    const ada = await member({ announcements: 'instant' });
    const bo = await member({ announcements: 'instant' });
    await announce('Workshop on Friday', [ada.user.id]);

    const mail = await smtp.next((m) => isTo(m, ada.user.email));
    expect(mail.subject).toBe('Workshop on Friday · Uplift');
    expect(mail.text).toContain('Workshop on Friday, in a few words.');
    expect(mail.text).toContain('https://uplift.example.test/community');
    expect(headerOf(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    const link = new URL(/<(.+)>/.exec(headerOf(mail, 'list-unsubscribe') ?? '')?.[1] ?? '');
    expect(`${link.origin}${link.pathname}`).toBe('https://uplift.example.test/api/mail/unsubscribe');
    const url = `${base}${link.pathname}${link.search}`;

    // A person's click (or a link scanner's GET) stops nothing: it leads to the page that asks.
    const opened = await fetch(url, { redirect: 'manual' });
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toMatch(/^\/unsubscribe#token=/);

    const forged = await fetch(
      url.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      },
    );
    expect(forged.status).toBe(400);
    expect(apiErrorSchema.parse(await forged.json()).error.message).toMatch(/not valid/);

    // The mail client's one-click POST (RFC 8058), without any session.
    const oneClick = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.json()).toEqual({ success: true, kind: 'announcements' });
    const preferences = preferencesSchema.parse(
      await (await call('GET', '/api/settings/preferences', ada.cookie)).json(),
    );
    expect(preferences.email).toEqual({ community: 'instant', partners: 'instant', announcements: 'off' });

    // The next one reaches Bo, who still wants it, and not Ada.
    await announce('Mentoring evening', [ada.user.id, bo.user.id]);
    await smtp.next((m) => isTo(m, bo.user.email) && m.subject === 'Mentoring evening · Uplift');
    expect(smtp.received.filter((m) => isTo(m, ada.user.email)).map((m) => m.subject)).toEqual([
      'Workshop on Friday · Uplift',
    ]);
  });

  it('does not mail what the member read in the app meanwhile, nor a kind set to digest or never', async () => {
    const cy = await member({ announcements: 'instant' });
    const read = await announce('Already seen', [cy.user.id]);
    expect((await call('POST', `/api/notifications/${read}/read`, cy.cookie, {})).status).toBe(200);
    const daily = await member({ announcements: 'daily' });
    const never = await member({ announcements: 'off' });
    await announce('Not seen yet', [cy.user.id, daily.user.id, never.user.id]);

    await smtp.next((m) => isTo(m, cy.user.email) && m.subject === 'Not seen yet · Uplift');
    expect(smtp.received.filter((m) => isTo(m, cy.user.email))).toHaveLength(1);
    expect(smtp.received.filter((m) => isTo(m, daily.user.email) || isTo(m, never.user.email))).toEqual([]);
  });
});

/** The daily digest, queued as the schedule does on every instance, from a database of its own. */
describe('the daily digest', () => {
  let database: TestDatabase;
  let smtp: TestSmtp;
  let jobs: JobQueue;
  let closeMail: () => void;
  let notices: ReturnType<typeof createEmailNotices>;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    database = await createTestDatabase();
    jobs = createJobQueue(database.db, { log: () => {} });
    const config = loadConfig({
      NODE_ENV: 'test',
      SMTP_URL: smtp.url,
      PUBLIC_URL: 'https://uplift.example.test',
      // An operator's evening digest, as the schedule stores it.
      NOTIFICATION_DIGEST_CRON: '30 18 * * *',
    });
    const log = { info: () => {}, error: () => {} };
    const created = createMail({
      db: database.db,
      config,
      jobs,
      log,
      retry: { retryLimit: 1, retryDelaySeconds: 1, pollSeconds: 0.5 },
    });
    closeMail = created.close;
    notices = createEmailNotices(database.db, {
      mail: created.mail,
      jobs,
      delaySeconds: 0,
      digestCron: config.NOTIFICATION_DIGEST_CRON,
    });
    await jobs.start();
  });
  afterAll(async () => {
    await jobs.stop();
    closeMail();
    await smtp.close();
    await database.drop();
  });

  async function deliver(userId: string, kind: 'community' | 'announcements', title: string, read = false) {
    const [row] = await database.db
      .insert(notifications)
      .values({
        kind,
        title,
        body: `${title} body`,
        link: '/community',
        audience: { type: 'members', userIds: [userId] },
        status: 'sent',
      })
      .returning();
    await database.db
      .insert(notificationDeliveries)
      .values({ notificationId: row!.id, userId, inApp: true, readAt: read ? new Date() : null });
  }

  it('is scheduled when NOTIFICATION_DIGEST_CRON says, in UTC', async () => {
    const { rows } = await database.db.$client.query<{ cron: string; timezone: string }>(
      `select cron, timezone from pgboss.schedule where name = 'notifications.email-digest'`,
    );
    expect(rows).toEqual([{ cron: '30 18 * * *', timezone: 'UTC' }]);
  });

  it('sends one mail a day with what is unread, however many times the schedule runs', async () => {
    const dee = await createUser(database.db);
    await database.db.insert(memberPreferences).values({
      userId: dee.id,
      preferences: { email: { community: 'daily', announcements: 'daily', partners: 'instant' } },
    });
    await deliver(dee.id, 'community', 'Ola replied to your post');
    await deliver(dee.id, 'announcements', 'New partner in Lagos');
    await deliver(dee.id, 'community', 'Read already', true);
    const unverified = await createUser(database.db, 'member-tier-1', { verified: false });
    await deliver(unverified.id, 'announcements', 'New partner in Lagos');

    // Two instances (or a retried run) on the same day.
    const morning = new Date();
    await Promise.all([notices.queueDigests(morning), notices.queueDigests(morning)]);
    // One job: two digests composed at once (two instances' workers) would both find the same items.
    const { rows } = await database.db.$client.query<{ n: number }>(
      `select count(*)::int as n from pgboss.job where data ->> 'kind' = 'notification-digest'`,
    );
    expect(rows[0]?.n).toBe(1);
    const digest = await smtp.next((m) => isTo(m, dee.email));
    expect(digest.subject).toBe('Your day on Uplift: 2 updates · Uplift');
    expect(digest.text).toContain('Ola replied to your post: Ola replied to your post body');
    expect(digest.text).toContain('New partner in Lagos');
    expect(digest.text).not.toContain('Read already');
    expect(headerOf(digest, 'list-unsubscribe-post')).toBe(
      'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
    );

    // The next day, only what arrived since is mailed.
    await deliver(dee.id, 'community', 'Sam replied too');
    await notices.queueDigests(new Date(morning.getTime() + 24 * 60 * 60_000));
    const next = await smtp.next((m) => isTo(m, dee.email) && m.subject !== digest.subject);
    expect(next.subject).toBe('Your day on Uplift: 1 update · Uplift');
    expect(next.text).toContain('Sam replied too');
    expect(smtp.received.filter((m) => isTo(m, dee.email))).toHaveLength(2);
    expect(smtp.received.filter((m) => isTo(m, unverified.email))).toEqual([]);
  });
});
