import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import {
  adminUserListSchema,
  apiErrorSchema,
  auditLogPageSchema,
  type AdminUserListQuery,
} from '@uplift/contracts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { createUser, sessionCookie, signIn, signedInAs, testPassword } from '../../../test/accounts.ts';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

/**
 * Sends the requests so that each has passed its sign-in check and waits on the admins' row locks before
 * any of them goes on: the test holds those locks until every request is waiting. Sent bare, a loaded
 * machine can run one request to its end before it reads the other, which then finds its sender no longer
 * an admin (403) and never meets the race.
 */
async function meetingAtTheLock<T>(db: Database, send: () => Promise<T>[]): Promise<T[]> {
  const holder = await db.$client.connect();
  let clean = false;
  try {
    await holder.query('begin');
    await holder.query(`select id from users where role = 'admin' for update`);
    const requests = send();
    await expect
      .poll(
        async () =>
          (
            await holder.query<{ waiting: number }>(
              `select count(*)::int as waiting from pg_stat_activity
                where datname = current_database() and wait_event_type = 'Lock'`,
            )
          ).rows[0]!.waiting,
        { timeout: 20_000 },
      )
      .toBe(requests.length);
    await holder.query('commit');
    clean = true;
    return await Promise.all(requests);
  } finally {
    holder.release(!clean);
  }
}

describe('GET /api/users: sorting, filtering and pagination by the server', () => {
  let t: TestApp;
  let cookie: string;
  const marker = 'sortcase';

  beforeAll(async () => {
    t = await createTestApp();
    ({ cookie } = await signedInAs(t.app, t.db, 'admin'));
    const roles = ['member-tier-1', 'member-tier-2', 'admin'] as const;
    // 30 members over 30 days, three roles, every fourth suspended, names in no particular order.
    await t.db.insert(users).values(
      Array.from({ length: 30 }, (_, i) => ({
        email: `${marker}${(i * 7) % 30}@example.test`,
        displayName: `${['delta', 'Alpha', 'charlie', 'Bravo', 'echo'][i % 5]}${i}`,
        role: roles[i % 3],
        passwordHash: 'not-a-hash',
        createdAt: new Date(Date.UTC(2026, 0, 1 + i, 12)),
        suspendedAt: i % 4 === 0 ? new Date(Date.UTC(2026, 1, 1)) : null,
        // Every third member has followed their verification link.
        emailVerifiedAt: i % 3 === 1 ? new Date(Date.UTC(2026, 1, 2, 8)) : null,
      })),
    );
  });
  afterAll(() => t.close());

  async function list(query: AdminUserListQuery) {
    const search = new URLSearchParams(
      Object.entries(query).map(([key, value]) => [key, String(value)] as [string, string]),
    );
    const response = await t.app.inject({ method: 'GET', url: `/api/users?${search}`, headers: { cookie } });
    expect(response.statusCode, response.body).toBe(200);
    return adminUserListSchema.parse(response.json());
  }

  /** The same question asked in plain SQL, written without the module's query builder. */
  async function independent(where: string, order: string, params: unknown[]) {
    const result = await t.db.$client.query<{ id: string }>(
      `select id from users where email like '${marker}%' ${where} order by ${order}, id`,
      params,
    );
    return result.rows.map((row) => row.id);
  }

  const cases: Array<[string, AdminUserListQuery, string, string, unknown[]]> = [
    ['joined, newest first', { sort: 'joined', dir: 'desc' }, '', 'created_at desc, id desc --', []],
    ['email A-Z', { sort: 'email', dir: 'asc' }, '', 'lower(email) asc', []],
    ['name Z-A', { sort: 'name', dir: 'desc' }, '', 'lower(display_name) desc, id desc --', []],
    [
      'role by rank, admins first',
      { sort: 'role', dir: 'desc' },
      '',
      "case role when 'admin' then 3 when 'member-tier-2' then 2 else 1 end desc, id desc --",
      [],
    ],
    [
      'tier 2 only',
      { role: 'member-tier-2', sort: 'email', dir: 'asc' },
      'and role = $1',
      'lower(email)',
      ['member-tier-2'],
    ],
    [
      'suspended only',
      { status: 'suspended', sort: 'joined', dir: 'asc' },
      'and suspended_at is not null',
      'created_at',
      [],
    ],
    [
      'active only',
      { status: 'active', sort: 'joined', dir: 'asc' },
      'and suspended_at is null',
      'created_at',
      [],
    ],
    [
      'email verified only',
      { verified: 'verified', sort: 'joined', dir: 'asc' },
      'and email_verified_at is not null',
      'created_at',
      [],
    ],
    [
      'email not verified only',
      { verified: 'unverified', sort: 'email', dir: 'asc' },
      'and email_verified_at is null',
      'lower(email)',
      [],
    ],
    [
      'joined in a window',
      { joinedFrom: '2026-01-05', joinedTo: '2026-01-12', sort: 'joined', dir: 'asc' },
      "and created_at >= '2026-01-05' and created_at < '2026-01-13'",
      'created_at',
      [],
    ],
    [
      'text in the name',
      { q: 'ALPHA', sort: 'joined', dir: 'asc' },
      "and display_name ilike '%alpha%'",
      'created_at',
      [],
    ],
  ];

  it.each(cases)(
    '%s matches an independent query, page by page',
    async (_name, query, where, order, params) => {
      const expected = await independent(where, order, params);
      const seen: string[] = [];
      for (let page = 1; page <= 4; page += 1) {
        const result = await list({ ...query, q: query.q ?? marker, page, pageSize: 10 });
        expect(result.total).toBe(expected.length);
        seen.push(...result.items.map((user) => user.id));
      }
      expect(seen).toEqual(expected);
    },
  );

  it('says when each member verified their address, null while they have not', async () => {
    const result = await list({ q: marker, sort: 'joined', dir: 'asc', pageSize: 10 });
    expect(result.items.map((user) => user.emailVerifiedAt)).toEqual(
      Array.from({ length: 10 }, (_, i) => (i % 3 === 1 ? '2026-02-02T08:00:00.000Z' : null)),
    );
  });

  it('answers each filter with its own members when the same kind of filter comes again', async () => {
    // The list's statement is prepared once per kind of filter: its values must not stay from the first.
    for (const [role, from, to] of [
      ['member-tier-2', '2026-01-03', '2026-01-20'],
      ['admin', '2026-01-10', '2026-01-30'],
      ['member-tier-1', '2026-01-01', '2026-01-09'],
    ] as const) {
      const expected = await independent(
        'and role = $1 and created_at >= $2 and created_at < $3',
        'created_at desc',
        [role, `${from}T00:00:00Z`, new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000).toISOString()],
      );
      expect(expected.length).toBeGreaterThan(0);
      const result = await list({ q: marker, role, joinedFrom: from, joinedTo: to, pageSize: 25 });
      expect(result.total).toBe(expected.length);
      expect(result.items.map((user) => user.id)).toEqual(expected);
    }
  });

  it('writes each instant to the millisecond, as the member’s own page does', async () => {
    // PostgreSQL keeps microseconds; the list writes them as toISOString would, dropping the rest.
    const email = `${marker}-instants@example.test`;
    const [member] = await t.db
      .insert(users)
      .values({
        email,
        displayName: 'Instants',
        passwordHash: 'not-a-hash',
        createdAt: new Date(Date.UTC(2025, 11, 31, 23, 59, 59, 999)),
      })
      .returning({ id: users.id });
    await t.db.$client.query(
      `update users set created_at = '2025-12-31T23:59:59.999999Z', suspended_at = '2026-03-04T05:06:07.891999Z',
              email_verified_at = '1969-07-20T20:17:40.000001Z' where id = $1`,
      [member?.id],
    );
    const [listed] = (await list({ q: email })).items;
    const story = await t.app.inject({
      method: 'GET',
      url: `/api/admin/users/${member?.id}`,
      headers: { cookie },
    });
    expect(listed).toMatchObject({
      joinedAt: '2025-12-31T23:59:59.999Z',
      suspendedAt: '2026-03-04T05:06:07.891Z',
      emailVerifiedAt: '1969-07-20T20:17:40.000Z',
      status: 'suspended',
      lastActiveAt: null,
    });
    expect(story.statusCode, story.body).toBe(200);
    expect(story.json()).toMatchObject({ user: listed });
    await t.db.delete(users).where(eq(users.id, member?.id ?? ''));
  });

  it('treats LIKE wildcards in the text literally', async () => {
    expect((await list({ q: '%' })).total).toBe(0);
    expect((await list({ q: `${marker}_` })).total).toBe(0);
  });

  it('answers bad queries with a clear 400 in the error shape', async () => {
    for (const url of [
      '/api/users?pageSize=7',
      '/api/users?sort=password',
      '/api/users?joinedFrom=yesterday',
      '/api/users?role=owner',
      '/api/users?page=0',
      '/api/users?verified=yes',
    ]) {
      const response = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toMatchObject({ success: false, error: { code: 'VALIDATION_ERROR' } });
    }
  });
});

describe('role changes, suspension, deletion and the audit log', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function audit(cookie: string, query: string) {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/admin/audit-log?${query}`,
      headers: { cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    return auditLogPageSchema.parse(response.json()).items;
  }

  function patch(cookie: string, id: string, payload: object) {
    return t.app.inject({ method: 'PATCH', url: `/api/users/${id}`, headers: { cookie }, payload });
  }

  it('changes a role and records who, what, before and after', async () => {
    const { user: admin, cookie } = await signedInAs(t.app, t.db, 'admin');
    const member = await createUser(t.db, 'member-tier-1');
    const response = await patch(cookie, member.id, { role: 'member-tier-2' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: member.id, role: 'member-tier-2', status: 'active' });
    const [entry] = await audit(cookie, `subjectId=${member.id}`);
    expect(entry).toMatchObject({
      actorId: admin.id,
      actorName: admin.displayName,
      action: 'user.role',
      subjectType: 'user',
      subjectLabel: member.email,
      before: { role: 'member-tier-1' },
      after: { role: 'member-tier-2' },
    });
  });

  it('suspension ends every session at once and refuses sign-in with a clear message', async () => {
    const { cookie } = await signedInAs(t.app, t.db, 'admin');
    const member = await createUser(t.db, 'member-tier-2');
    const phone = await signIn(t.app, member.email);
    const laptop = await signIn(t.app, member.email);
    for (const session of [phone, laptop]) {
      const before = await t.app.inject({
        method: 'GET',
        url: '/api/auth/verify',
        headers: { cookie: session },
      });
      expect(before.statusCode).toBe(200);
    }

    expect((await patch(cookie, member.id, { suspended: true })).json()).toMatchObject({
      status: 'suspended',
    });
    for (const session of [phone, laptop]) {
      const after = await t.app.inject({
        method: 'GET',
        url: '/api/auth/verify',
        headers: { cookie: session },
      });
      expect(after.statusCode).toBe(401);
      const refresh = await t.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        headers: { cookie: session },
      });
      expect(refresh.statusCode).toBe(401);
    }
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: member.email, password: testPassword },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().error.message).toMatch(/suspended/);
    // A wrong password learns nothing about the suspension.
    const guess = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: member.email, password: 'wrong password here' },
    });
    expect(guess.statusCode).toBe(401);

    expect((await patch(cookie, member.id, { suspended: false })).json()).toMatchObject({ status: 'active' });
    const back = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: member.email, password: testPassword },
    });
    expect(back.statusCode).toBe(200);
    expect(sessionCookie(back)).toBeTruthy();

    const entries = await audit(cookie, `subjectId=${member.id}`);
    expect(entries.map((entry) => [entry.action, entry.before, entry.after])).toEqual([
      ['user.reinstate', { status: 'suspended' }, { status: 'active' }],
      ['user.suspend', { status: 'active' }, { status: 'suspended' }],
    ]);
  });

  it('never leaves the community without an active admin', async () => {
    const solo = await createTestApp();
    try {
      const { user: admin, cookie } = await signedInAs(solo.app, solo.db, 'admin');
      const demote = await solo.app.inject({
        method: 'PATCH',
        url: `/api/users/${admin.id}`,
        headers: { cookie },
        payload: { role: 'member-tier-2' },
      });
      expect(demote.statusCode).toBe(409);
      expect(demote.json().error.message).toMatch(/last admin/);
      const suspend = await solo.app.inject({
        method: 'PATCH',
        url: `/api/users/${admin.id}`,
        headers: { cookie },
        payload: { suspended: true },
      });
      expect(suspend.statusCode).toBe(409);
      const remove = await solo.app.inject({
        method: 'DELETE',
        url: `/api/users/${admin.id}`,
        headers: { cookie },
      });
      expect(remove.statusCode).toBe(400);
      const bulk = await solo.app.inject({
        method: 'POST',
        url: '/api/users/bulk',
        headers: { cookie },
        payload: {
          target: { filter: { role: 'admin' }, expectedCount: 1 },
          action: { type: 'role', role: 'member-tier-1' },
        },
      });
      expect(bulk.json()).toEqual({
        changed: 0,
        unchanged: 0,
        skipped: [{ id: admin.id, email: admin.email, reason: expect.stringMatching(/last admin/) }],
      });

      // With a second admin, one may step down; then the other is the last one.
      const other = await createUser(solo.db, 'admin');
      expect(
        (
          await solo.app.inject({
            method: 'PATCH',
            url: `/api/users/${admin.id}`,
            headers: { cookie },
            payload: { role: 'member-tier-2' },
          })
        ).statusCode,
      ).toBe(200);
      const otherCookie = await signIn(solo.app, other.email);
      const last = await solo.app.inject({
        method: 'PATCH',
        url: `/api/users/${other.id}`,
        headers: { cookie: otherCookie },
        payload: { role: 'member-tier-1' },
      });
      expect(last.statusCode).toBe(409);
    } finally {
      await solo.close();
    }
  });

  it('lets one of two admins demoting each other at once win; the other gets a 409, never a 500', async () => {
    const duo = await createTestApp();
    try {
      const a = await signedInAs(duo.app, duo.db, 'admin');
      const b = await signedInAs(duo.app, duo.db, 'admin');
      const demote = (cookie: string, id: string) =>
        duo.app.inject({
          method: 'PATCH',
          url: `/api/users/${id}`,
          headers: { cookie },
          payload: { role: 'member-tier-2' },
        });
      for (let round = 0; round < 10; round += 1) {
        await duo.db
          .update(users)
          .set({ role: 'admin' })
          .where(inArray(users.id, [a.user.id, b.user.id]));
        const answers = await meetingAtTheLock(duo.db, () => [
          demote(a.cookie, b.user.id),
          demote(b.cookie, a.user.id),
        ]);
        expect(answers.map((answer) => answer.statusCode).sort(), answers.map((x) => x.body).join()).toEqual([
          200, 409,
        ]);
        const refused = answers.find((answer) => answer.statusCode === 409)!;
        expect(apiErrorSchema.parse(refused.json()).error).toMatchObject({
          statusCode: 409,
          // Run one after the other (locks taken in one order), the second finds the last admin.
          message: expect.stringMatching(/last admin/),
        });
        const admins = await duo.db
          .select({ id: users.id })
          .from(users)
          .where(and(inArray(users.id, [a.user.id, b.user.id]), eq(users.role, 'admin')));
        expect(admins).toHaveLength(1);
      }
    } finally {
      await duo.close();
    }
  });

  it('applies a bulk action to every member matching a filter, beyond one page', async () => {
    const { user: admin, cookie } = await signedInAs(t.app, t.db, 'admin');
    const tag = `bulk${Date.now()}`;
    await t.db.insert(users).values(
      Array.from({ length: 120 }, (_, i) => ({
        email: `${tag}-${i}@example.test`,
        displayName: `Bulk ${i}`,
        passwordHash: 'not-a-hash',
      })),
    );
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users/bulk',
      headers: { cookie },
      payload: { target: { filter: { q: tag }, expectedCount: 120 }, action: { type: 'suspend' } },
    });
    expect(response.json()).toEqual({ changed: 120, unchanged: 0, skipped: [] });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/users/bulk',
      headers: { cookie },
      payload: { target: { filter: { q: tag }, expectedCount: 120 }, action: { type: 'suspend' } },
    });
    expect(again.json()).toEqual({ changed: 0, unchanged: 120, skipped: [] });
    const entries = await audit(cookie, `action=user.suspend&actorId=${admin.id}&limit=100`);
    expect(entries).toHaveLength(100);
    const [first] = entries;
    const next = await t.app.inject({
      method: 'GET',
      url: `/api/admin/audit-log?action=user&actorId=${admin.id}&limit=100`,
      headers: { cookie },
    });
    const page = auditLogPageSchema.parse(next.json());
    expect(page.items[0]?.id).toBe(first?.id);
    const rest = await audit(cookie, `action=user&actorId=${admin.id}&limit=100&cursor=${page.nextCursor}`);
    expect(rest).toHaveLength(20);

    // Chosen rows: self is skipped for suspension, the rest suspended.
    const chosen = await createUser(t.db, 'member-tier-1');
    const selected = await t.app.inject({
      method: 'POST',
      url: '/api/users/bulk',
      headers: { cookie },
      payload: { target: { ids: [chosen.id, admin.id] }, action: { type: 'suspend' } },
    });
    expect(selected.json()).toMatchObject({ changed: 1, skipped: [{ id: admin.id }] });
  });

  it('deletes a member: gone for good, recorded, and not for oneself', async () => {
    const { user: admin, cookie } = await signedInAs(t.app, t.db, 'admin');
    const member = await createUser(t.db, 'member-tier-1');
    const session = await signIn(t.app, member.email);
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/${member.id}`,
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/verify', headers: { cookie: session } }))
        .statusCode,
    ).toBe(401);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/users/${member.id}`, headers: { cookie } }))
        .statusCode,
    ).toBe(404);
    const [entry] = await audit(cookie, `subjectId=${member.id}`);
    expect(entry).toMatchObject({
      action: 'user.delete',
      subjectLabel: member.email,
      after: null,
      actorId: admin.id,
    });
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/users/${admin.id}`, headers: { cookie } }))
        .statusCode,
    ).toBe(400);
  });

  it('refuses a stale audit cursor with a 400, not a 500', async () => {
    const { cookie } = await signedInAs(t.app, t.db, 'admin');
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/audit-log?cursor=bm9wZQ',
      headers: { cookie },
    });
    expect(response.statusCode).toBe(400);
  });
});
