import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { describe, expect, it, vi } from 'vitest';
import { compressPage } from './compressed-page.ts';
import { createKeptAnswers } from './kept-answers.ts';
import { publicCachePlugin } from './public-cache.ts';
import { compressionPlugin } from './security.ts';

/** The cache and compression as app.ts registers them, with stand-ins for the plugins they run after. */
async function appWithCache(): Promise<FastifyInstance> {
  const app = Fastify();
  app.decorateRequest('sessionToken', null);
  // As session.ts notes a presented token (here from a test header).
  app.addHook('onRequest', (request, _reply, done) => {
    const token = request.headers['x-session'];
    if (typeof token === 'string') request.sessionToken = { value: token, via: 'cookie' };
    done();
  });
  await app.register(fp(async () => undefined, { name: 'session' }));
  await app.register(fp(async () => undefined, { name: 'access' }));
  await app.register(publicCachePlugin, {
    answers: createKeptAnswers({ ttlMs: 60_000, maxEntries: 10, log: () => undefined }),
    broadcast: async () => undefined,
    log: () => undefined,
  });
  await app.register(compressionPlugin);
  return app;
}

// Served answers, ETags, 304 and invalidation across instances: modules/community/feed-cache.test.ts.
describe('public cache', () => {
  it('refuses publicCache on a route that is not a public GET or has a rate limit, and sameForEveryone without it', async () => {
    const app = await appWithCache();
    expect(() =>
      app.post('/api/thing', { config: { access: 'auth', publicCache: 'things' } }, async () => ({})),
    ).toThrow(/public GET routes only/);
    expect(() =>
      app.get('/api/lonely', { config: { access: 'public', sameForEveryone: true } }, async () => ({})),
    ).toThrow(/needs publicCache/);
    expect(() =>
      app.get(
        '/api/limited',
        {
          config: { access: 'public', publicCache: 'things', rateLimit: { max: 5, timeWindow: '1 minute' } },
        },
        async () => ({}),
      ),
    ).toThrow(/cannot have a rateLimit/);
    await app.close();
  });

  it('serves a kept answer in the encoding asked for, compressed once, and varies by encoding', async () => {
    const app = await appWithCache();
    const items = Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Partner number ${i}` }));
    let built = 0;
    app.get('/api/things', { config: { access: 'public', publicCache: 'things' } }, async () => {
      built += 1;
      return { items };
    });
    const read = (acceptEncoding?: string) =>
      app.inject({
        method: 'GET',
        url: '/api/things',
        headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
      });
    const first = await read();
    expect(first.headers.vary).toMatch(/accept-encoding/);
    const identity = first.rawPayload;
    expect(identity.length).toBeGreaterThan(1024);
    const compressed = compressPage(identity.toString('utf8'));

    // A hit asked for brotli starts compressing the kept bytes; the next hits get them as they are.
    await vi.waitFor(async () => {
      const response = await read('gzip, deflate, br, zstd');
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.rawPayload.equals(compressed.br)).toBe(true);
    });
    const gzipped = await read('gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.rawPayload.equals(compressed.gzip)).toBe(true);
    const plain = await read();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(identity)).toBe(true);
    for (const response of [gzipped, plain]) expect(response.headers.vary).toMatch(/accept-encoding/);
    expect(built).toBe(1);
    await app.close();
  });

  it('gives signed-in callers the kept answer only where it is the same for everyone', async () => {
    const app = await appWithCache();
    const built = { shared: 0, personal: 0 };
    app.get(
      '/api/shared',
      { config: { access: 'public', publicCache: 'things', sameForEveryone: true } },
      async () => ({ n: (built.shared += 1) }),
    );
    app.get('/api/personal', { config: { access: 'public', publicCache: 'things' } }, async () => ({
      n: (built.personal += 1),
    }));
    const read = (url: string, signedIn: boolean) =>
      app.inject({ method: 'GET', url, headers: signedIn ? { 'x-session': 'a-token' } : {} });

    // Where it is the same for everyone, a member's answer is kept for the next caller, whoever asks.
    expect((await read('/api/shared', true)).json()).toEqual({ n: 1 });
    expect((await read('/api/shared', false)).json()).toEqual({ n: 1 });
    expect((await read('/api/shared', true)).json()).toEqual({ n: 1 });
    expect((await read('/api/personal', false)).json()).toEqual({ n: 1 });
    expect((await read('/api/personal', true)).json()).toEqual({ n: 2 });
    expect((await read('/api/personal', false)).json()).toEqual({ n: 1 });
    await app.close();
  });

  it('answers the callers who miss while the handler runs with its one answer, or runs it for each', async () => {
    const app = await appWithCache();
    let arrived = 0;
    app.addHook('onRequest', (_request, _reply, done) => {
      arrived += 1;
      done();
    });
    let opened: () => void = () => undefined;
    let gate = new Promise<void>((resolve) => (opened = resolve));
    let built = 0;
    let failing = false;
    app.get('/api/slow', { config: { access: 'public', publicCache: 'things' } }, async () => {
      built += 1;
      await gate;
      if (failing) throw new Error('the database went away');
      return { n: built };
    });
    const fiveAtOnce = async () => {
      arrived = 0;
      const answers = Array.from({ length: 5 }, () => app.inject({ method: 'GET', url: '/api/slow' }));
      await vi.waitFor(() => expect(arrived).toBe(5));
      opened();
      return Promise.all(answers);
    };

    const together = await fiveAtOnce();
    expect(together.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(together.map((response) => response.body))).toEqual(new Set(['{"n":1}']));
    expect(built).toBe(1);

    // An answer that is not kept leaves each waiting caller to the handler.
    app.publicCache.invalidate('things');
    failing = true;
    gate = new Promise<void>((resolve) => (opened = resolve));
    const failed = await fiveAtOnce();
    expect(failed.map((response) => response.statusCode)).toEqual([500, 500, 500, 500, 500]);
    expect(built).toBe(6);
    await app.close();
  });

  it('compresses an answer up to 64 KB in one call, so it keeps its Content-Length', async () => {
    const app = await appWithCache();
    const body = JSON.stringify(Array.from({ length: 2_000 }, (_, i) => ({ id: i, text: `row ${i}` })));
    expect(body.length).toBeGreaterThan(8192);
    app.get('/api/rows', { config: { access: 'public' } }, async (_request, reply) =>
      reply.type('application/json').send(body),
    );
    for (const encoding of ['zstd', 'br', 'gzip']) {
      const response = await app.inject({
        method: 'GET',
        url: '/api/rows',
        headers: { 'accept-encoding': encoding },
      });
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    }
    await app.close();
  });
});
