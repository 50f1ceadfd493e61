import { connect } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@uplift/contracts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { prerenderedStylesScriptSource, themeBootScriptSource } from './security.ts';

describe('errors, unknown paths and headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers an unknown /api path with a JSON 404 in the error shape', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/does-not-exist?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    const body = apiErrorSchema.parse(response.json());
    expect(body.error).toMatchObject({ code: 'NOT_FOUND', statusCode: 404 });
    expect(body.error.message).toBe('No API route for GET /api/does-not-exist');
  });

  it('answers a wrong method on an API path with a JSON 404, not the app', async () => {
    const response = await t.app.inject({ method: 'DELETE', url: '/api/status' });
    expect(response.statusCode).toBe(404);
    expect(apiErrorSchema.parse(response.json()).error.code).toBe('NOT_FOUND');
  });

  it.each([
    ['/admin/users', 200],
    // A member's page in the admin, reloaded or opened from a link.
    ['/admin/users/8c1f6a4e-0a9b-4a8e-9a55-2f4b6f1d3c77', 200],
    ['/profile/123', 200],
    // No page of the route table: the same shell, which draws "Page not found", with the status to match.
    ['/some/path', 404],
  ])('serves the app shell for the client route %s', async (url, status) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(status);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<div id="root">');
  });

  it('serves hashed assets with a long immutable cache', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('refuses a non-JSON body with 415 in the error shape', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/log-error',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(response.statusCode).toBe(415);
    expect(apiErrorSchema.parse(response.json()).error.message).toMatch(/application\/json/);
  });

  it('sends security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/status' });
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    // Plain HTTP here; HSTS goes out over HTTPS only (trust-proxy.test.ts).
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(response.headers['x-powered-by']).toBeUndefined();
  });

  it('sends the API headers on API answers, errors and unknown API paths included, and nothing of a page', async () => {
    for (const url of ['/api/status', '/api/no-such-thing', '/api/profile']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers, url).toMatchObject({
        'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
        'cross-origin-resource-policy': 'same-site',
        'referrer-policy': 'no-referrer',
        'x-frame-options': 'DENY',
        'x-content-type-options': 'nosniff',
      });
      for (const pageOnly of ['cross-origin-opener-policy', 'origin-agent-cluster', 'x-xss-protection'])
        expect(response.headers[pageOnly], `${url} ${pageOnly}`).toBeUndefined();
    }
  });

  it('lets other sites embed only stored files, which the native shells show from their own origin', async () => {
    const crossOrigin = [
      '/api/uploads/0123abcd.webp',
      '/api/videos/some-id/media?v=1',
      '/api/videos/x/poster',
    ];
    for (const url of crossOrigin) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['cross-origin-resource-policy'], url).toBe('cross-origin');
    }
    for (const url of ['/api/videos/x', '/api/videos/x/progress', '/api/uploadsx', '/api/status']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['cross-origin-resource-policy'], url).toBe('same-site');
    }
  });

  it("sends a page's headers, its CSP in full, on the app's pages", async () => {
    for (const url of ['/', '/community']) {
      const response = await t.app.inject({ method: 'GET', url });
      // The camera and location for the app itself only; the abilities it never uses, to nobody.
      const allowed = String(response.headers['permissions-policy']).split(', ');
      expect(allowed, url).toEqual(
        expect.arrayContaining(['camera=(self)', 'geolocation=(self)', 'microphone=()']),
      );
      const csp = String(response.headers['content-security-policy']).split(';').sort();
      expect(csp, url).toEqual([
        "base-uri 'self'",
        "connect-src 'self'",
        "default-src 'self'",
        "font-src 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
        "img-src 'self' data: blob:",
        "manifest-src 'self'",
        "media-src 'self' blob:",
        "object-src 'none'",
        `script-src 'self' ${themeBootScriptSource} ${prerenderedStylesScriptSource}`,
        "script-src-attr 'none'",
        "style-src 'self'",
        "style-src-attr 'none'",
        "style-src-elem 'self'",
        "worker-src 'self'",
      ]);
      expect(response.headers, url).toMatchObject({
        'cross-origin-resource-policy': 'same-site',
        'cross-origin-opener-policy': 'same-origin',
        'referrer-policy': 'no-referrer',
        'x-frame-options': 'SAMEORIGIN',
        'x-content-type-options': 'nosniff',
      });
    }
  });

  it('compresses large responses for clients that accept it', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.headers['content-encoding']).toBe('gzip');
  });

  it('takes a gzip-compressed JSON body on a write', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ email: 'nobody@example.test', password: 'not the password' })),
    });
    expect(response.statusCode).toBe(401);
    expect(apiErrorSchema.parse(response.json()).error.code).toBe('AUTH_FAILED');
  });

  it.each(['/api/%zz', '/%zz/page'])(
    'answers the malformed path %s with 400 in the error shape',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(400);
      expect(apiErrorSchema.parse(response.json()).error).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: 'The request path is not a valid URL.',
      });
    },
  );
});

/** Sends raw bytes to a listening server and reads everything it answers until it closes the connection. */
function rawExchange(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => (answer += chunk));
    socket.on('end', () => resolve(answer));
    socket.on('error', (error) => (answer ? resolve(answer) : reject(error)));
    socket.write(request);
  });
}

describe("what Node's HTTP parser refuses, over a real connection", () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(() => t.close());

  it('answers a header over 16 KB with 431 in the error shape', async () => {
    const answer = await rawExchange(
      port,
      `GET /api/status HTTP/1.1\r\nHost: localhost\r\nX-Padding: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    const [head = '', body = ''] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 431 /);
    expect(head).toMatch(/content-type: application\/json/i);
    expect(apiErrorSchema.parse(JSON.parse(body)).error).toMatchObject({
      code: 'VALIDATION_ERROR',
      statusCode: 431,
      message: 'The request headers are too large.',
    });
  });

  it('answers bytes that are not HTTP with 400 in the error shape', async () => {
    const answer = await rawExchange(port, 'NOT HTTP AT ALL\r\n\r\n');
    const [head = '', body = ''] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 /);
    expect(apiErrorSchema.parse(JSON.parse(body)).error.statusCode).toBe(400);
  });
});
