import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';

describe('logs of failed queries', () => {
  const lines: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: 'error' }, { logStream: { write: (line) => lines.push(line) } });
    // Every new account now fails in the database, as an outage or a bad migration would make it.
    await t.db.execute(sql`alter table users add constraint refuse_new_users check (false) not valid`);
  });
  afterAll(() => t.close());

  it('logs the error with its SQL and cause but none of the values it ran with', async () => {
    const email = 'private.person@example.test';
    const password = 'Unusual secret passphrase 42';
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email, password, displayName: 'Private Person' },
    });
    expect(response.statusCode).toBe(500);

    const logged = lines.join('\n');
    const entry = lines
      .map((line) => JSON.parse(line) as { msg: string; err?: { type: string; message: string } })
      .find((line) => line.msg === 'unhandled error');
    expect(entry?.err?.message).toMatch(/insert into "users"/);
    expect(entry?.err?.message).toMatch(/violates check constraint "refuse_new_users"/);
    expect(logged).not.toContain(email);
    expect(logged).not.toContain('$argon2id$');
    expect(logged).not.toContain('Failing row contains');
  });
});

describe('the access log', () => {
  const lines: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: { write: (line) => lines.push(line) } });
  });
  afterAll(() => t.close());

  type Line = {
    msg: string;
    reqId?: string;
    req?: { method: string; url: string };
    res?: { statusCode: number };
    responseTime?: number;
  };

  it('writes one line a request, when it completes: method, path, status and time', async () => {
    lines.length = 0;
    const response = await t.app.inject({ method: 'GET', url: '/api/status?probe=1' });
    expect(response.statusCode).toBe(200);

    const entries = lines.map((line) => JSON.parse(line) as Line);
    expect(entries.map((entry) => entry.msg)).toEqual(['request completed']);
    const [entry] = entries;
    expect(entry?.req).toMatchObject({ method: 'GET', url: '/api/status?probe=1' });
    expect(entry?.res).toEqual({ statusCode: 200 });
    expect(entry?.responseTime).toBeGreaterThan(0);
    expect(entry?.reqId).toMatch(/^[\w-]{8}-[\da-z]+$/);
  });

  it('gives a refused request its status too', async () => {
    lines.length = 0;
    await t.app.inject({ method: 'GET', url: '/api/users' });
    const completed = lines
      .map((line) => JSON.parse(line) as Line)
      .filter((e) => e.msg === 'request completed');
    expect(completed.map((entry) => [entry.req?.url, entry.res?.statusCode])).toEqual([['/api/users', 401]]);
  });
});
