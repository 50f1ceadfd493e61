import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema, authTokenResponseSchema } from '@uplift/contracts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createUser, signIn, testPassword } from '../../test/accounts.ts';

describe('cross-origin calls from the native shells', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers the preflight of a trusted shell origin, allowing the bearer and idempotency headers', async () => {
    const response = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/auth/verify',
      headers: {
        origin: 'capacitor://localhost',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization, idempotency-key',
      },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe('capacitor://localhost');
    expect(response.headers['access-control-allow-headers']).toMatch(/authorization/);
    expect(response.headers['access-control-allow-headers']).toMatch(/idempotency-key/);
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('lets a shell sign in and verify with its bearer token', async () => {
    const user = await createUser(t.db);
    const origin = { origin: 'https://localhost' };
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { ...origin, 'x-client-platform': 'native' },
      payload: { email: user.email, password: testPassword },
    });
    expect(login.headers['access-control-allow-origin']).toBe('https://localhost');
    const { token } = authTokenResponseSchema.parse(login.json());
    const verify = await t.app.inject({
      method: 'GET',
      url: '/api/auth/verify',
      headers: { ...origin, authorization: `Bearer ${token}` },
    });
    expect(verify.statusCode).toBe(200);
  });

  it('gives other origins no CORS access', async () => {
    const response = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/auth/verify',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it.each(['https://localhost', 'capacitor://localhost'])(
    'treats a cookie request from the shell origin %s as cross-site',
    async (origin) => {
      const user = await createUser(t.db);
      const cookie = await signIn(t.app, user.email);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { origin, cookie, 'sec-fetch-site': 'cross-site' },
      });
      expect(response.statusCode).toBe(403);
      expect(apiErrorSchema.parse(response.json()).error.code).toBe('PERMISSION_DENIED');
      // The session is untouched.
      const verify = await t.app.inject({ method: 'GET', url: '/api/auth/verify', headers: { cookie } });
      expect(verify.statusCode).toBe(200);
    },
  );

  it('still accepts a bearer write from a shell origin', async () => {
    const user = await createUser(t.db);
    const origin = 'capacitor://localhost';
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin, 'sec-fetch-site': 'cross-site', 'x-client-platform': 'native' },
      payload: { email: user.email, password: testPassword },
    });
    const { token } = authTokenResponseSchema.parse(login.json());
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { origin, 'sec-fetch-site': 'cross-site', authorization: `Bearer ${token}` },
    });
    expect(logout.statusCode).toBe(200);
  });

  it.each([
    ['without an origin', { 'access-control-request-method': 'GET' }],
    ['without a requested method', { origin: 'capacitor://localhost' }],
    ['with neither', {}],
  ])('answers an OPTIONS request %s in the error shape', async (_case, headers) => {
    const response = await t.app.inject({ method: 'OPTIONS', url: '/api/auth/verify', headers });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(apiErrorSchema.parse(response.json()).error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: expect.stringMatching(/preflight/),
    });
  });
});
