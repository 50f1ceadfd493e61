import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@uplift/contracts';
import { createTestApp, fixtureWebDist, type TestApp } from '../../test/app.ts';

describe('the web app files', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  // A tab left open across a deployment asks for the old build's chunks: a 404 lets it notice and reload,
  // where the app's HTML served as JavaScript would fail obscurely.
  it.each(['/assets/does-not-exist.js', '/assets/old-chunk-abc123.css', '/sw-old.js', '/icons/missing.png'])(
    'answers a missing static file %s with 404, never the app',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).not.toMatch(/text\/html/);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(apiErrorSchema.parse(response.json()).error.code).toBe('NOT_FOUND');
    },
  );

  it.each(['/chat', '/profile/jane.doe', '/community/posts/42'])(
    'still serves the app for %s',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
    },
  );

  // The app draws "Page not found: {path}" for these; the status tells crawlers and link checkers the same.
  it.each(['/some/path', '/partners/42/extra', '/communityx'])(
    'answers %s, no page of the route table, with 404 and the app that says so',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).toContain('<div id="root">');
    },
  );

  describe('prerendered first screens', () => {
    it('sends a visitor without a session the page drawn at build time', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/partners?near=1' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('Partners, drawn at build time');
      expect(response.headers['vary']).toMatch(/cookie/i);
      expect(response.headers['cache-control']).toBe('no-cache');
    });

    it.each(['uplift_session', '__Host-uplift_session'])(
      'sends a member (%s cookie) the plain shell: their screen is not the visitor one',
      async (cookie) => {
        const response = await t.app.inject({
          method: 'GET',
          url: '/partners',
          cookies: { [cookie]: 'any-token' },
        });
        expect(response.body).toContain('<div id="root"></div>');
        expect(response.body).not.toContain('drawn at build time');
      },
    );

    // A phone on a slow network gets the page in a third of the bytes.
    it.each([
      ['br, gzip', 'br', brotliDecompressSync],
      ['gzip;q=1, br;q=0.5', 'gzip', gunzipSync],
    ] as const)('compresses the page for a browser that accepts %s', async (accepted, encoding, decode) => {
      const plain = await t.app.inject({ method: 'GET', url: '/partners' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      const response = await t.app.inject({
        method: 'GET',
        url: '/partners',
        headers: { 'accept-encoding': accepted },
      });
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers['vary']).toMatch(/accept-encoding/i);
      expect(decode(response.rawPayload).toString('utf8')).toBe(plain.body);
    });

    it('sends the plain shell for a page that was not prerendered', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/chat' });
      expect(response.body).toContain('<div id="root"></div>');
    });
  });

  // The build writes these copies (web/scripts/precompress.ts, decision 0042).
  describe("the build's compressed copies of its files", () => {
    let withCopies: TestApp;
    let dist: string;
    const code = 'export const greeting = () => "hello from a chunk";\n'.repeat(200);
    // Stand-ins made here at other settings, so a test tells them from what compressing on the fly gives.
    const br = brotliCompressSync(code);
    const gz = gzipSync(code, { level: 1 });
    beforeAll(async () => {
      dist = await mkdtemp(path.join(os.tmpdir(), 'web-dist-'));
      await cp(fixtureWebDist, dist, { recursive: true });
      await writeFile(path.join(dist, 'assets', 'index-big123.js'), code);
      await writeFile(path.join(dist, 'assets', 'index-big123.js.br'), br);
      await writeFile(path.join(dist, 'assets', 'index-big123.js.gz'), gz);
      withCopies = await createTestApp({ WEB_DIST_DIR: dist });
    });
    afterAll(async () => {
      await withCopies.close();
      await rm(dist, { recursive: true });
    });

    const asset = (url: string, acceptEncoding?: string) =>
      withCopies.app.inject({
        method: 'GET',
        url,
        headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
      });

    it.each([
      ['gzip, deflate, br, zstd', 'br', br, brotliDecompressSync],
      ['gzip, deflate', 'gzip', gz, gunzipSync],
    ])('sends the copy a browser accepting %s takes, as it is', async (accepted, encoding, copy, decode) => {
      const response = await asset('/assets/index-big123.js', accepted);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.rawPayload.equals(copy)).toBe(true);
      expect(decode(response.rawPayload).toString()).toBe(code);
      expect(response.headers['content-type']).toMatch(/javascript/);
      expect(response.headers['vary']).toMatch(/accept-encoding/i);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    });

    it('sends the file itself to a client that accepts no encoding, and a file without copies', async () => {
      const plain = await asset('/assets/index-big123.js');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(code);
      // Without copies (too small to be worth them), the file still comes, compressed as any answer is.
      const small = await asset('/assets/app-abc123.js', 'br');
      expect(small.statusCode).toBe(200);
      expect(brotliDecompressSync(small.rawPayload).toString()).toBe("console.log('asset');\n");
    });
  });
});
