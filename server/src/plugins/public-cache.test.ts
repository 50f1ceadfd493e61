import Fastify from 'fastify';
import fp from 'fastify-plugin';
import { describe, expect, it } from 'vitest';
import { publicCachePlugin } from './public-cache.ts';

// Served answers, ETags, 304 and invalidation across instances: modules/community/feed-cache.test.ts.
describe('public cache', () => {
  it('refuses publicCache on a route that is not a public GET', async () => {
    const app = Fastify();
    app.decorateRequest('sessionToken', null);
    // Stand-ins for the plugins it runs after.
    await app.register(fp(async () => undefined, { name: 'session' }));
    await app.register(fp(async () => undefined, { name: 'access' }));
    await app.register(publicCachePlugin, {
      ttlMs: 1_000,
      maxEntries: 10,
      broadcast: async () => undefined,
      log: () => undefined,
    });
    expect(() =>
      app.post('/api/thing', { config: { access: 'auth', publicCache: 'things' } }, async () => ({})),
    ).toThrow(/public GET routes only/);
    await app.close();
  });
});
