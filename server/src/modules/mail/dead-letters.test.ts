import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema, auditLogPageSchema, mailDeadLetterPageSchema } from '@uplift/contracts';
import { createUser, signedInAs } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { isTo, startTestSmtp, type TestSmtp } from '../../../test/smtp.ts';
import { mailDeadLetters } from '../../db/schema.ts';

/** Issue 47.1's dead letters, as an admin sees and retries them, over HTTP with mail through SMTP. */
describe('admins and undelivered mail', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  let admin: string;
  let member: string;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://uplift.example.test' });
    ({ cookie: admin } = await signedInAs(t.app, t.db, 'admin'));
    ({ cookie: member } = await signedInAs(t.app, t.db, 'member-tier-2'));
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const list = (cookie: string | undefined, query = '') =>
    t.app.inject({
      method: 'GET',
      url: `/api/admin/mail/dead-letters${query}`,
      headers: cookie ? { cookie } : {},
    });
  const retry = (cookie: string | undefined, id: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/mail/dead-letters/${id}/retry`,
      headers: cookie ? { cookie } : {},
    });

  it('lists dead letters newest first, page by page, without the job data', async () => {
    await t.db.delete(mailDeadLetters);
    await t.db.insert(mailDeadLetters).values(
      Array.from({ length: 12 }, (_, i) => ({
        jobId: `job-${i}`,
        kind: 'notification',
        recipient: `reader${i}@example.test`,
        data: { notificationId: `secret-${i}`, userId: `user-${i}` },
        attempts: 6,
        error: `451 try later (${i})`,
        failedAt: new Date(Date.UTC(2026, 3, 1, 8, i)),
      })),
    );
    const first = await list(admin, '?pageSize=10');
    expect(first.statusCode).toBe(200);
    const page1 = mailDeadLetterPageSchema.parse(first.json());
    expect(page1.total).toBe(12);
    expect(page1.items.map((letter) => letter.recipient)).toEqual(
      Array.from({ length: 10 }, (_, i) => `reader${11 - i}@example.test`),
    );
    expect(page1.items[0]).toMatchObject({
      kind: 'notification',
      attempts: 6,
      error: '451 try later (11)',
      failedAt: '2026-04-01T08:11:00.000Z',
    });
    expect(first.body).not.toContain('secret-');
    const page2 = mailDeadLetterPageSchema.parse((await list(admin, '?pageSize=10&page=2')).json());
    expect(page2.items.map((letter) => letter.recipient)).toEqual([
      'reader1@example.test',
      'reader0@example.test',
    ]);
  });

  it('queues a dead letter again for an admin: it is sent, leaves the list, and the retry is audited', async () => {
    const someone = await createUser(t.db);
    const [letter] = await t.db
      .insert(mailDeadLetters)
      .values({
        jobId: 'job-notice',
        kind: 'email-change-notice',
        recipient: someone.email,
        data: { userId: someone.id, oldEmail: someone.email, newEmail: 'new-home@example.test' },
        attempts: 6,
        error: 'connect ECONNREFUSED',
      })
      .returning();
    if (!letter) throw new Error('no dead letter inserted');

    const response = await retry(admin, letter.id);
    expect(response.statusCode, response.body).toBe(202);
    const mail = await smtp.next((received) => isTo(received, someone.email));
    expect(mail.text).toContain('new-home@example.test');
    expect(await t.db.select().from(mailDeadLetters).where(eq(mailDeadLetters.id, letter.id))).toEqual([]);

    const audit = await t.app.inject({
      method: 'GET',
      url: `/api/admin/audit-log?action=mail.retry&subjectId=${letter.id}`,
      headers: { cookie: admin },
    });
    const [entry] = auditLogPageSchema.parse(audit.json()).items;
    expect(entry).toMatchObject({
      action: 'mail.retry',
      subjectType: 'mail',
      subjectLabel: `Notice of an email change to ${someone.email}`,
      after: { state: 'queued again' },
    });

    // Already queued again: a second retry (another admin's, or a double tap) has nothing to queue.
    const again = await retry(admin, letter.id);
    expect(again.statusCode).toBe(404);
    expect(apiErrorSchema.parse(again.json()).error.message).toMatch(/retried already/);
  });

  it('is for admins only, and answers bad input with a 400 in the error shape', async () => {
    const [letter] = await t.db
      .insert(mailDeadLetters)
      .values({ jobId: 'job-x', kind: 'notification', recipient: null, data: {}, attempts: 6, error: 'boom' })
      .returning();
    if (!letter) throw new Error('no dead letter inserted');
    expect((await list(undefined)).statusCode).toBe(401);
    expect((await list(member)).statusCode).toBe(403);
    expect((await retry(undefined, letter.id)).statusCode).toBe(401);
    expect((await retry(member, letter.id)).statusCode).toBe(403);
    expect(await t.db.select().from(mailDeadLetters).where(eq(mailDeadLetters.id, letter.id))).toHaveLength(
      1,
    );

    for (const response of [
      await list(admin, '?pageSize=7'),
      await list(admin, '?page=0'),
      await retry(admin, 'nope'),
    ]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, error: { code: 'VALIDATION_ERROR' } });
    }
  });
});
