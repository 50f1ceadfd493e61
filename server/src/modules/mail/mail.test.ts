import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config.ts';
import { mailDeadLetters } from '../../db/schema.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/database.ts';
import { startTestSmtp, type TestSmtp } from '../../../test/smtp.ts';
import { insertUser } from '../auth/index.ts';
import { createJobQueue, type JobQueue } from '../jobs/index.ts';
import { createMail, mailQueue, outboxDir, renderMail, type MailMessage } from './index.ts';

const newsletter = (to: string): MailMessage => ({
  security: false,
  to,
  recipientName: 'Ada <Admin> & co',
  subject: 'Replies to your post',
  paragraphs: ['Two members answered you.'],
  action: { label: 'Read the replies', url: 'https://uplift.example.test/community/posts/1' },
  unsubscribeUrl: 'https://uplift.example.test/api/mail/unsubscribe?token=abc',
});

const security = (to: string): MailMessage => ({
  security: true,
  to,
  recipientName: 'Ada',
  subject: 'Choose a new password',
  paragraphs: ['Someone asked.'],
  action: { label: 'Choose a new password', url: 'https://uplift.example.test/reset-password#token=xyz' },
});

describe('rendering', () => {
  it('has plain-text and HTML bodies with the product name, escaped', () => {
    const mail = renderMail(newsletter('ada@example.test'), 'Uplift <no-reply@uplift.test>');
    expect(mail.subject).toBe('Replies to your post · Uplift');
    expect(mail.text).toContain('Hello Ada <Admin> & co,');
    expect(mail.text).toContain('https://uplift.example.test/community/posts/1');
    expect(mail.text).toContain('— Uplift');
    expect(mail.html).toContain('Hello Ada &lt;Admin&gt; &amp; co,');
    expect(mail.html).toContain('>Uplift</p>');
  });

  it('gives every message but a security one a one-click unsubscribe (RFC 8058)', () => {
    expect(renderMail(newsletter('a@example.test'), 'x@y.test').headers).toEqual({
      'List-Unsubscribe': '<https://uplift.example.test/api/mail/unsubscribe?token=abc>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    const reset = renderMail(security('a@example.test'), 'x@y.test');
    expect(reset.headers).toEqual({});
    expect(reset.text).not.toContain('Stop these emails');
  });
});

describe('sending from the job queue', () => {
  /** Each test's queue on a database of its own, so no other test's worker takes its jobs. */
  let database: TestDatabase;
  const databases: TestDatabase[] = [];
  let smtp: TestSmtp;
  let dataDir: string;
  const queues: JobQueue[] = [];
  const closers: (() => void)[] = [];
  const logged: string[] = [];
  const log = {
    info: (_object: object, message: string) => void logged.push(message),
    error: (_object: object, message: string) => void logged.push(message),
  };

  beforeAll(async () => {
    smtp = await startTestSmtp();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'uplift-mail-'));
  });
  afterAll(async () => {
    for (const queue of queues) await queue.stop();
    for (const close of closers) close();
    await smtp.close();
    for (const each of databases) await each.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function mailer(
    env: Record<string, string>,
    retry = { retryLimit: 1, retryDelaySeconds: 1, pollSeconds: 0.5 },
  ) {
    database = await createTestDatabase();
    databases.push(database);
    const jobs = createJobQueue(database.db, { log: () => {} });
    queues.push(jobs);
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ...env });
    const { mail, close } = createMail({ db: database.db, config, jobs, log, retry });
    closers.push(close);
    mail.define<{ to: string; kind: 'newsletter' | 'security' }>('test', async ({ to, kind }) =>
      kind === 'newsletter' ? newsletter(to) : security(to),
    );
    return { mail, jobs };
  }

  /** A member whose address is (or is not yet) proved theirs. */
  const member = (email: string, verified: boolean) =>
    insertUser(database.db, {
      email,
      displayName: 'Ada',
      passwordHash: 'not used',
      emailVerifiedAt: verified ? new Date() : null,
    });

  it('sends through SMTP, from MAIL_FROM, with the unsubscribe header only where it belongs', async () => {
    const { mail, jobs } = await mailer({ SMTP_URL: smtp.url, MAIL_FROM: 'Uplift <hello@uplift.test>' });
    await member('news@example.test', true);
    await jobs.start();
    await mail.enqueue('test', { to: 'news@example.test', kind: 'newsletter' });
    await mail.enqueue('test', { to: 'reset@example.test', kind: 'security' });
    const news = await smtp.next((m) => JSON.stringify(m.to).includes('news@example.test'));
    const reset = await smtp.next((m) => JSON.stringify(m.to).includes('reset@example.test'));
    expect(news.from?.text).toBe('"Uplift" <hello@uplift.test>');
    const header = (name: string) =>
      news.headerLines.find((line) => line.key === name)?.line.replace(/\r\n\s+/g, ' ');
    expect(header('list-unsubscribe')).toBe(
      'List-Unsubscribe: <https://uplift.example.test/api/mail/unsubscribe?token=abc>',
    );
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(news.text).toContain('Two members answered you.');
    expect(news.html).toContain('Two members answered you.');
    expect(reset.headers.has('list-unsubscribe')).toBe(false);
    await jobs.stop();
  });

  it('sends an address nobody has verified security mail only', async () => {
    const { mail, jobs } = await mailer({ SMTP_URL: smtp.url });
    await member('unproved@example.test', false);
    await jobs.start();
    await mail.enqueue('test', { to: 'unproved@example.test', kind: 'newsletter' });
    await mail.enqueue('test', { to: 'Unproved@example.test', kind: 'security' });
    await vi.waitFor(
      async () => {
        const { rows } = await database.db.$client.query<{ state: string }>(
          `select state from pgboss.job where name = $1`,
          [mailQueue],
        );
        expect(rows.map((row) => row.state)).toEqual(['completed', 'completed']);
      },
      { timeout: 15_000, interval: 250 },
    );
    const received = smtp.received.filter((m) => JSON.stringify(m.to).toLowerCase().includes('unproved@'));
    expect(received.map((m) => m.subject)).toEqual(['Choose a new password · Uplift']);
    expect(logged).toContain('mail not sent: the address is not verified');
    await jobs.stop();
  });

  it('retries a refused message, then records a dead letter', async () => {
    const { mail, jobs } = await mailer({ SMTP_URL: smtp.url });
    await jobs.start();
    smtp.refusing = true;
    try {
      await mail.enqueue('test', { to: 'bounced@example.test', kind: 'security' });
      await vi.waitFor(
        async () => {
          const rows = await database.db.select().from(mailDeadLetters);
          expect(rows).toHaveLength(1);
        },
        { timeout: 30_000, interval: 500 },
      );
    } finally {
      smtp.refusing = false;
    }
    const [letter] = await database.db.select().from(mailDeadLetters);
    expect(letter).toMatchObject({ kind: 'test', recipient: 'bounced@example.test', attempts: 2 });
    expect(letter?.error).toMatch(/451|try later/);
    expect(smtp.received.some((m) => JSON.stringify(m.to).includes('bounced@example.test'))).toBe(false);
    await jobs.stop();
  });

  it('without SMTP, writes each message to DATA_DIR/outbox and logs its link', async () => {
    const { mail, jobs } = await mailer({});
    expect(mail.transport).toBe('outbox');
    await jobs.start();
    await mail.enqueue('test', { to: 'laptop@example.test', kind: 'security' });
    const dir = outboxDir(dataDir);
    const files = await vi.waitFor(
      async () => {
        const names = (await readdir(dir).catch(() => [])).filter((name) => name.endsWith('.eml'));
        expect(names).toHaveLength(1);
        return names;
      },
      { timeout: 15_000, interval: 250 },
    );
    const parsed = await simpleParser(await readFile(path.join(dir, files[0] ?? '')));
    expect(parsed.subject).toBe('Choose a new password · Uplift');
    expect(parsed.text).toContain('https://uplift.example.test/reset-password#token=xyz');
    expect(parsed.html).toContain('Uplift');
    expect(logged.some((line) => line.includes('https://uplift.example.test/reset-password#token=xyz'))).toBe(
      true,
    );
    await jobs.stop();
  });
});
