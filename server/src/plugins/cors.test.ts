import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authTokenResponseSchema } from '@uplift/contracts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createUser, testPassword } from '../../test/accounts.ts';

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
});
