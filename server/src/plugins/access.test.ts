import Fastify from 'fastify';
import fp from 'fastify-plugin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema, type Role } from '@uplift/contracts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { signedInAs } from '../../test/accounts.ts';
import { accessPlugin, describeAccess } from './access.ts';

let t: TestApp;
const cookies = {} as Record<Role, string>;
beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['member-tier-1', 'member-tier-2', 'admin'] as const) {
    cookies[role] = (await signedInAs(t.app, t.db, role)).cookie;
  }
});
afterAll(() => t.close());

/** A concrete URL for a route pattern: every path parameter becomes a well-formed placeholder id. */
const concrete = (url: string) => url.replace(/:\w+/g, '00000000-0000-4000-8000-000000000000');

function call(rule: { method: string; url: string }, cookie?: string) {
  return t.app.inject({
    method: rule.method as 'GET',
    url: concrete(rule.url),
    headers: cookie ? { cookie } : {},
    ...(rule.method === 'GET' || rule.method === 'DELETE' ? {} : { payload: {} }),
  });
}

describe('the whole route table (every /api route declares its access)', () => {
  it('holds the routes of every module', () => {
    const listed = t.app.accessTable.map(
      (rule) => `${rule.method} ${rule.url} ${describeAccess(rule.access)}`,
    );
    expect(listed).toEqual(
      expect.arrayContaining([
        'GET /api/status public',
        'POST /api/auth/login public',
        'GET /api/auth/verify auth',
        'POST /api/auth/password auth',
        'POST /api/admin/videos admin',
        'PATCH /api/admin/videos/:id admin',
        'POST /api/admin/videos/media admin',
        'POST /api/admin/partners admin',
        'DELETE /api/admin/partners/:id admin',
        'POST /api/admin/partners/:id/logo admin',
      ]),
    );
  });

  it('every non-public route answers 401 to anonymous callers', async () => {
    const guarded = t.app.accessTable.filter((rule) => rule.access !== 'public');
    expect(guarded.length).toBeGreaterThan(0);
    for (const rule of guarded) {
      const response = await call(rule);
      expect(response.statusCode, `${rule.method} ${rule.url}`).toBe(401);
      // The OpenAI-compatible API answers in OpenAI's error shape, which its clients read (decision 0054).
      if (rule.url.startsWith('/api/chat/openai')) {
        expect(response.json()).toMatchObject({
          error: { type: 'authentication_error', code: 'invalid_api_key' },
        });
      } else {
        expect(apiErrorSchema.parse(response.json()).error.code).toBe('AUTH_FAILED');
      }
    }
  });

  it('every admin route answers 403 to members, every member route 403 to tier 1', async () => {
    for (const rule of t.app.accessTable) {
      const refusedRoles: Role[] =
        rule.access === 'admin'
          ? ['member-tier-1', 'member-tier-2']
          : rule.access === 'member'
            ? ['member-tier-1']
            : [];
      for (const role of refusedRoles) {
        const response = await call(rule, cookies[role]);
        expect(response.statusCode, `${role} ${rule.method} ${rule.url}`).toBe(403);
      }
    }
  });
});

// The access plugin depends on the plugin named 'session'; this one stands in for it.
const sessionStandIn = fp(async () => {}, { name: 'session' });

describe('access levels', () => {
  const app = Fastify();
  beforeAll(async () => {
    app.decorateRequest('auth', null);
    app.addHook('onRequest', async (request) => {
      const role = request.headers['x-role'] as Role | undefined;
      const permission = request.headers['x-permission'] as string | undefined;
      if (role) {
        request.auth = {
          publicUser: { role, permissions: permission ? { [permission]: true } : {} },
        } as unknown as NonNullable<typeof request.auth>;
      }
    });
    await app.register(sessionStandIn);
    await app.register(accessPlugin);
    for (const [url, access] of [
      ['/api/t/auth', 'auth'],
      ['/api/t/member', 'member'],
      ['/api/t/admin', 'admin'],
      ['/api/t/permission', { permission: 'community.moderate' }],
    ] as const) {
      app.get(url, { config: { access } }, async () => ({ ok: true }));
    }
  });
  afterAll(() => app.close());

  it.each([
    ['/api/t/auth', 'member-tier-1', undefined, 200],
    ['/api/t/member', 'member-tier-1', undefined, 403],
    ['/api/t/member', 'member-tier-2', undefined, 200],
    ['/api/t/member', 'admin', undefined, 200],
    ['/api/t/admin', 'member-tier-2', undefined, 403],
    ['/api/t/admin', 'admin', undefined, 200],
    ['/api/t/permission', 'member-tier-2', undefined, 403],
    ['/api/t/permission', 'member-tier-1', 'community.moderate', 200],
  ])('%s as %s (%s) → %i', async (url, role, permission, status) => {
    const response = await app.inject({
      method: 'GET',
      url,
      headers: { 'x-role': role, ...(permission ? { 'x-permission': permission } : {}) },
    });
    expect(response.statusCode).toBe(status);
  });

  it('refuses to start with an API route that declares no access level', async () => {
    const bare = Fastify();
    bare.decorateRequest('auth', null);
    await bare.register(sessionStandIn);
    await bare.register(accessPlugin);
    expect(() => bare.get('/api/forgotten', async () => 'x')).toThrow(/declares no access level/);
    await bare.close();
  });
});
