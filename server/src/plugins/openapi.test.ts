import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCookieNames } from '@uplift/contracts';
import { lintOpenApi } from '../../scripts/lint-openapi.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { operationIdOf, securityOf } from './openapi.ts';

interface Operation {
  operationId?: string;
  security?: unknown[];
  requestBody?: unknown;
  responses: Record<string, unknown>;
}
interface OpenApiDocument {
  openapi: string;
  servers?: Array<{ url: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, { properties?: Record<string, unknown> }>;
    securitySchemes?: Record<string, { type: string; in?: string; name?: string; scheme?: string }>;
  };
}

/** The document's path of a Fastify route: `:id` written `{id}`. */
const documentPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

describe('OpenAPI document', () => {
  let t: TestApp;
  let document: OpenApiDocument;
  const operations = () =>
    Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
    );
  beforeAll(async () => {
    t = await createTestApp();
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    document = response.json<OpenApiDocument>();
  });
  afterAll(() => t.close());

  it('describes every API route with its request and response schemas', () => {
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/status', '/api/health', '/api/log-error']),
    );
    expect(document.paths['/api/log-error']?.post?.requestBody).toBeDefined();
    expect(Object.keys(document.paths['/api/log-error']?.post?.responses ?? {})).toEqual(
      expect.arrayContaining(['201', '400', '413', '429']),
    );
  });

  it('describes exactly the routes of the access table, each once', () => {
    const documented = operations().map(({ path, method }) => `${method.toUpperCase()} ${path}`);
    const routes = t.app.accessTable.map(({ method, url }) => `${method} ${documentPath(url)}`);
    expect(documented.toSorted()).toEqual(routes.toSorted());
  });

  it('names every operation once, from its method and path', () => {
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { path, method, operation } of operations()) {
      expect(operation.operationId, `${method} ${path}`).toBe(operationIdOf(method, path));
    }
    expect(document.paths['/api/partners/{id}']?.get?.operationId).toBe('getPartnersById');
    expect(document.paths['/api/auth/login']?.post?.operationId).toBe('postAuthLogin');
    expect(operationIdOf('DELETE', '/api/community/posts/:id/reactions/:kind')).toBe(
      'deleteCommunityPostsByIdReactionsByKind',
    );
  });

  it('declares the session as bearer token or cookie, and on each operation what its access level asks', () => {
    expect(document.components.securitySchemes).toEqual({
      bearerAuth: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
      sessionCookie: expect.objectContaining({
        type: 'apiKey',
        in: 'cookie',
        name: sessionCookieNames.secure,
      }),
      sessionCookieHttp: expect.objectContaining({
        type: 'apiKey',
        in: 'cookie',
        name: sessionCookieNames.insecure,
      }),
    });
    for (const { method, url, access } of t.app.accessTable) {
      const security = document.paths[documentPath(url)]?.[method.toLowerCase()]?.security;
      if (access === 'public') {
        // Either no session at all (`session: false`), or one taken when presented.
        expect([securityOf('public', false), securityOf('public')], `${method} ${url}`).toContainEqual(
          security,
        );
      } else {
        expect(security, `${method} ${url}`).toEqual(securityOf(access));
      }
    }
    const securityOfRoute = (path: string, method: string) => document.paths[path]?.[method]?.security;
    expect(securityOfRoute('/api/status', 'get')).toEqual([]);
    expect(securityOfRoute('/api/chat/public', 'post')).toEqual([]);
    expect(securityOfRoute('/api/partners', 'get')).toEqual([
      {},
      { bearerAuth: [] },
      { sessionCookie: [] },
      { sessionCookieHttp: [] },
    ]);
    expect(securityOfRoute('/api/partners/my-requests', 'get')).toEqual([
      { bearerAuth: [] },
      { sessionCookie: [] },
      { sessionCookieHttp: [] },
    ]);
    expect(securityOfRoute('/api/users', 'get')).toEqual([
      { bearerAuth: ['admin'] },
      { sessionCookie: ['admin'] },
      { sessionCookieHttp: ['admin'] },
    ]);
    // What the access plugin answers is documented on every route it guards.
    expect(Object.keys(document.paths['/api/users/export.csv']?.get?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '429']),
    );
  });

  it('types every nullable field, null included (no bare `nullable`)', () => {
    const text = JSON.stringify(document);
    expect(text).not.toContain('"nullable"');
    expect(document.components.schemas.Profile?.properties?.photo).toEqual({
      anyOf: [{ $ref: '#/components/schemas/ProfilePhoto' }, { type: 'null' }],
    });
  });

  it('names its server, relative to where the document is read', () => {
    expect(document.servers).toEqual([expect.objectContaining({ url: '/' })]);
  });

  it('passes Redocly’s recommended rules without an error', async () => {
    const { problems } = await lintOpenApi(document);
    const errors = problems
      .filter((problem) => problem.severity === 'error')
      .map((problem) => `${problem.ruleId} ${problem.location[0]?.pointer}: ${problem.message}`);
    expect(errors).toEqual([]);
  });

  it('serves the interactive documentation page at /api/docs', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('swagger-ui');
  });
});
