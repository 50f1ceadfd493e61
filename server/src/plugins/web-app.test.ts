import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@uplift/contracts';
import { createTestApp, type TestApp } from '../../test/app.ts';

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
});
