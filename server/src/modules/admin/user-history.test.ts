import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogPageSchema } from '@uplift/contracts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { createUser, signedInAs } from '../../../test/accounts.ts';

// The per-member history in /admin/users: the audit log filtered on the server by the member acted on.
describe('GET /api/admin/audit-log for one member', () => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp();
    ({ cookie } = await signedInAs(t.app, t.db, 'admin'));
  });
  afterAll(() => t.close());

  async function change(id: string, payload: object) {
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${id}`,
      headers: { cookie },
      payload,
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  async function history(query: string) {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/admin/audit-log?${query}`,
      headers: { cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    return auditLogPageSchema.parse(response.json());
  }

  it("lists only that member's entries, newest first, page by page", async () => {
    const ada = await createUser(t.db, 'member-tier-1');
    const bo = await createUser(t.db, 'member-tier-1');
    await change(ada.id, { role: 'member-tier-2' });
    await change(bo.id, { suspended: true });
    await change(ada.id, { suspended: true });
    await change(ada.id, { suspended: false });

    const all = await history(`subjectType=user&subjectId=${ada.id}`);
    expect(all.items.map((entry) => entry.action)).toEqual(['user.reinstate', 'user.suspend', 'user.role']);
    expect(all.items.every((entry) => entry.subjectId === ada.id && entry.subjectLabel === ada.email)).toBe(
      true,
    );
    expect(all.items[2]).toMatchObject({
      before: { role: 'member-tier-1' },
      after: { role: 'member-tier-2' },
    });
    expect(all.nextCursor).toBeNull();

    const first = await history(`subjectType=user&subjectId=${ada.id}&limit=2`);
    expect(first.items.map((entry) => entry.action)).toEqual(['user.reinstate', 'user.suspend']);
    const rest = await history(
      `subjectType=user&subjectId=${ada.id}&limit=2&cursor=${first.nextCursor ?? ''}`,
    );
    expect(rest.items.map((entry) => entry.action)).toEqual(['user.role']);
    expect(rest.nextCursor).toBeNull();

    const other = await history(`subjectType=user&subjectId=${bo.id}`);
    expect(other.items.map((entry) => entry.action)).toEqual(['user.suspend']);
  });

  it('is for admins only', async () => {
    const { cookie: memberCookie } = await signedInAs(t.app, t.db, 'member-tier-2');
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/audit-log?subjectType=user&subjectId=x',
      headers: { cookie: memberCookie },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: { code: expect.any(String) } });
  });
});
