import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { createUser, testPassword } from '../../../test/accounts.ts';
import { users } from '../../db/schema.ts';

/** Issue 43 point 1: the server asks what the UI asks before granting Admin or changing "all that match". */
describe('confirmations the server requires, over real HTTP', () => {
  let t: TestApp;
  let base: string;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const admin = await createUser(t.db, 'admin');
    const response = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: admin.email, password: testPassword }),
    });
    cookie =
      response.headers
        .getSetCookie()
        .map((line) => line.split(';')[0] ?? '')
        .find((pair) => /uplift_session=./.test(pair)) ?? '';
    expect(cookie).not.toBe('');
  });
  afterAll(() => t.close());

  async function send(method: string, path: string, body: unknown) {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  async function roleOf(id: string) {
    const [row] = await t.db.select({ role: users.role }).from(users).where(eq(users.id, id));
    return row?.role;
  }

  it('grants Admin only with the member’s own email as the confirmation', async () => {
    const member = await createUser(t.db);
    const other = await createUser(t.db);

    const bare = await send('PATCH', `/api/users/${member.id}`, { role: 'admin' });
    expect(bare.status).toBe(400);
    expect((bare.body.error as { message: string }).message).toMatch(/confirmEmail/);
    const wrong = await send('PATCH', `/api/users/${member.id}`, {
      role: 'admin',
      confirmEmail: other.email,
    });
    expect(wrong.status).toBe(400);
    expect(await roleOf(member.id)).toBe('member-tier-1');

    const typed = ` ${member.email.toUpperCase()} `;
    const granted = await send('PATCH', `/api/users/${member.id}`, { role: 'admin', confirmEmail: typed });
    expect(granted.status).toBe(200);
    expect(granted.body.role).toBe('admin');

    // Other changes need no typing: stepping the new admin down, or another tier.
    const demoted = await send('PATCH', `/api/users/${member.id}`, { role: 'member-tier-2' });
    expect(demoted.status).toBe(200);
    expect(await roleOf(member.id)).toBe('member-tier-2');
  });

  it('never grants Admin in bulk', async () => {
    const member = await createUser(t.db);
    const response = await send('POST', '/api/users/bulk', {
      target: { ids: [member.id] },
      action: { type: 'role', role: 'admin' },
    });
    expect(response.status).toBe(400);
    expect(await roleOf(member.id)).toBe('member-tier-1');
  });

  it('applies "all that match" only to as many members as the admin confirmed', async () => {
    const tag = `confirmcount${Date.now()}`;
    const inserted = await t.db
      .insert(users)
      .values(
        Array.from({ length: 3 }, (_, i) => ({
          email: `${tag}-${i}@example.test`,
          displayName: `Count ${i}`,
          passwordHash: 'not-a-hash',
        })),
      )
      .returning({ id: users.id });
    const ids = inserted.map((row) => row.id);
    const suspended = async () =>
      (await t.db.select({ at: users.suspendedAt }).from(users).where(inArray(users.id, ids))).filter(
        (row) => row.at !== null,
      ).length;

    // The admin saw 2 (a member joined since): nothing changes.
    const stale = await send('POST', '/api/users/bulk', {
      target: { filter: { q: tag }, expectedCount: 2 },
      action: { type: 'suspend' },
    });
    expect(stale.status).toBe(409);
    expect((stale.body.error as { message: string }).message).toMatch(
      /^3 members match the filter now, not 2/,
    );
    expect(await suspended()).toBe(0);

    const confirmed = await send('POST', '/api/users/bulk', {
      target: { filter: { q: tag }, expectedCount: 3 },
      action: { type: 'suspend' },
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ changed: 3, unchanged: 0, skipped: [] });
    expect(await suspended()).toBe(3);

    const missing = await send('POST', '/api/users/bulk', {
      target: { filter: { q: tag } },
      action: { type: 'reinstate' },
    });
    expect(missing.status).toBe(400);
  });
});
