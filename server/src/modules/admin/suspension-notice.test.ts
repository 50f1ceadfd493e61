import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema, sessionEndedMessages } from '@uplift/contracts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { createUser, testPassword } from '../../../test/accounts.ts';

/** Issue 43 point 2: a member suspended mid-use is told why on their next request (decision 0070). */
describe('a suspended member’s next request, over real HTTP', () => {
  let t: TestApp;
  let base: string;
  let adminCookie: string;

  async function signIn(email: string) {
    const response = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: testPassword }),
    });
    const cookie =
      response.headers
        .getSetCookie()
        .map((line) => line.split(';')[0] ?? '')
        .find((pair) => /uplift_session=./.test(pair)) ?? '';
    expect(cookie).not.toBe('');
    return cookie;
  }

  async function send(cookie: string, method: string, path: string, body?: unknown) {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as unknown };
  }

  function refusal(body: unknown) {
    return apiErrorSchema.parse(body).error;
  }

  beforeAll(async () => {
    t = await createTestApp();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const admin = await createUser(t.db, 'admin');
    adminCookie = await signIn(admin.email);
  });
  afterAll(() => t.close());

  it('is refused with the suspension and the admin’s reason, on any guarded route and on refresh', async () => {
    const member = await createUser(t.db);
    const cookie = await signIn(member.email);
    expect((await send(cookie, 'GET', '/api/auth/verify')).status).toBe(200);

    const suspended = await send(adminCookie, 'PATCH', `/api/users/${member.id}`, {
      suspended: true,
      suspendReason: '  Repeated spam in the community.  ',
    });
    expect(suspended.status).toBe(200);

    const expected = {
      code: 'AUTH_FAILED',
      statusCode: 401,
      message: sessionEndedMessages.suspended,
      sessionEnded: { cause: 'suspended', reason: 'Repeated spam in the community.' },
    };
    const verify = await send(cookie, 'GET', '/api/auth/verify');
    expect(verify.status).toBe(401);
    expect(refusal(verify.body)).toMatchObject(expected);

    const post = await send(cookie, 'POST', '/api/community/posts', { content: 'Half-written thought' });
    expect(post.status).toBe(401);
    expect(refusal(post.body)).toMatchObject(expected);

    // The web client's answer to a 401 is one refresh: it must say the same, so the app can tell the member.
    const refresh = await send(cookie, 'POST', '/api/auth/refresh');
    expect(refresh.status).toBe(401);
    expect(refusal(refresh.body)).toMatchObject(expected);

    const audit = await send(adminCookie, 'GET', `/api/admin/audit-log?subjectId=${member.id}`);
    expect(JSON.stringify(audit.body)).toContain('Repeated spam in the community.');
  });

  it('says null for the reason when the admin gave none, and nothing once reinstated', async () => {
    const member = await createUser(t.db);
    const cookie = await signIn(member.email);
    await send(adminCookie, 'PATCH', `/api/users/${member.id}`, { suspended: true });

    const refused = await send(cookie, 'GET', '/api/auth/verify');
    expect(refusal(refused.body).sessionEnded).toEqual({ cause: 'suspended', reason: null });

    await send(adminCookie, 'PATCH', `/api/users/${member.id}`, { suspended: false });
    // Suspension ended every session: the old one stays refused, now as any ended session.
    const after = await send(cookie, 'GET', '/api/auth/verify');
    expect(after.status).toBe(401);
    expect(refusal(after.body).sessionEnded).toBeUndefined();
    expect((await send(await signIn(member.email), 'GET', '/api/auth/verify')).status).toBe(200);
  });

  it('gives the bulk suspension’s reason too, and tells a stranger’s token nothing', async () => {
    const member = await createUser(t.db);
    const cookie = await signIn(member.email);
    const bulk = await send(adminCookie, 'POST', '/api/users/bulk', {
      target: { ids: [member.id] },
      action: { type: 'suspend', reason: 'Under review' },
    });
    expect(bulk.status).toBe(200);
    const refused = await send(cookie, 'GET', '/api/notifications');
    expect(refusal(refused.body).sessionEnded).toEqual({ cause: 'suspended', reason: 'Under review' });

    const unknown = await send('uplift_session=not-a-token', 'GET', '/api/auth/verify');
    expect(unknown.status).toBe(401);
    expect(refusal(unknown.body).sessionEnded).toBeUndefined();
  });

  it('tells a suspended member who signs in again why, after their password proved it is them', async () => {
    const member = await createUser(t.db);
    await send(adminCookie, 'PATCH', `/api/users/${member.id}`, {
      suspended: true,
      suspendReason: 'Selling courses in comments.',
    });
    async function login(password: string) {
      return send('', 'POST', '/api/auth/login', { email: member.email, password });
    }
    const refused = await login(testPassword);
    expect(refused.status).toBe(403);
    expect(refusal(refused.body)).toMatchObject({
      code: 'PERMISSION_DENIED',
      sessionEnded: { cause: 'suspended', reason: 'Selling courses in comments.' },
    });
    // A wrong password learns nothing of the suspension, let alone its reason.
    const wrong = await login('not the password at all');
    expect(wrong.status).toBe(401);
    expect(JSON.stringify(wrong.body)).not.toContain('Selling courses');
  });
});
