import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authTokenResponseSchema } from '@uplift/contracts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createUser, sessionCookie, signedInAs, testPassword } from '../../test/accounts.ts';

let t: TestApp;
let adminCookie: string;
beforeAll(async () => {
  t = await createTestApp();
  adminCookie = (await signedInAs(t.app, t.db, 'admin')).cookie;
});
afterAll(() => t.close());

const concrete = (url: string) => url.replace(/:\w+/g, '00000000-0000-4000-8000-000000000000');
const native = { 'x-client-platform': 'native' };

describe('Cache-Control: no-store on answers that carry user data or a token', () => {
  it('on every guarded route, for its user and for anonymous callers alike', async () => {
    const guarded = t.app.accessTable.filter((rule) => rule.access !== 'public');
    expect(guarded.map((rule) => `${rule.method} ${rule.url}`)).toEqual(
      expect.arrayContaining(['GET /api/chat/conversations', 'GET /api/admin/error-logs']),
    );
    for (const rule of guarded) {
      for (const cookie of [adminCookie, undefined]) {
        const response = await t.app.inject({
          method: rule.method as 'GET',
          url: concrete(rule.url),
          headers: cookie ? { cookie } : {},
          ...(rule.method === 'GET' || rule.method === 'DELETE' ? {} : { payload: {} }),
        });
        const who = cookie ? 'admin' : 'anonymous';
        expect(response.headers['cache-control'], `${who} ${rule.method} ${rule.url}`).toBe('no-store');
      }
    }
  });

  it('on sign-in, registration and refresh answers, web and native', async () => {
    const user = await createUser(t.db);
    const credentials = { email: user.email, password: testPassword };
    const webLogin = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: credentials });
    const nativeLogin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: native,
      payload: credentials,
    });
    const { token } = authTokenResponseSchema.parse(nativeLogin.json());
    const register = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: native,
      payload: { email: 'new.member@example.test', password: testPassword, displayName: 'New Member' },
    });
    const webRefresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { cookie: sessionCookie(webLogin) },
    });
    const nativeRefresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { ...native, authorization: `Bearer ${token}` },
    });
    const answers = { webLogin, nativeLogin, register, webRefresh, nativeRefresh };
    for (const [name, response] of Object.entries(answers)) {
      expect(response.statusCode, name).toBeLessThan(300);
      expect(response.headers['cache-control'], name).toBe('no-store');
    }
  });

  it('leaves anonymous public reads to their own caching', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/knowledge-points' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBeUndefined();
  });

  it('covers public reads made with a session too, as they may be personalised', async () => {
    // Knowledge points are the same for everyone: after an anonymous read, the public cache answers.
    await t.app.inject({ method: 'GET', url: '/api/knowledge-points' });
    for (let i = 0; i < 2; i += 1) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/knowledge-points',
        headers: { cookie: adminCookie },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });
});
