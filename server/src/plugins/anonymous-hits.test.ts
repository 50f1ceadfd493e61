import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { anonymousHitsPlugin } from './anonymous-hits.ts';
import { corsPlugin } from './cors.ts';
import { createKeptAnswers } from './kept-answers.ts';
import { publicCachePlugin } from './public-cache.ts';
import { compressionPlugin, securityHeadersPlugin, strictTransportSecurity } from './security.ts';

const trustedOrigin = 'capacitor://localhost';
const items = Array.from({ length: 100 }, (_, i) => ({ id: i, name: `Partner number ${i}` }));

let app: FastifyInstance | undefined;
afterEach(() => app?.close());

/**
 * The plugins in app.ts' order, the session a stand-in (a cookie or bearer header is a presented token),
 * and a counter of the requests that went the longer way, through the rest of the chain.
 */
async function listeningApp(logLines: string[] = []) {
  const counts = { chain: 0, built: 0 };
  const server = Fastify({
    trustProxy: '127.0.0.1',
    logger: { level: 'info', stream: { write: (line: string) => logLines.push(line) } },
  });
  app = server;
  const answers = createKeptAnswers({ ttlMs: 60_000, maxEntries: 10, log: () => undefined });
  await server.register(anonymousHitsPlugin, { answers });
  await server.register(securityHeadersPlugin);
  await server.register(corsPlugin, { trustedOrigins: [trustedOrigin] });
  server.decorateRequest('sessionToken', null);
  server.addHook('onRequest', (request, _reply, done) => {
    counts.chain += 1;
    const token = request.headers.authorization ?? request.headers.cookie;
    if (token) request.sessionToken = { value: token, via: 'cookie' };
    done();
  });
  await server.register(fp(async () => undefined, { name: 'session' }));
  await server.register(fp(async () => undefined, { name: 'access' }));
  await server.register(publicCachePlugin, {
    answers,
    broadcast: async () => undefined,
    log: () => undefined,
  });
  await server.register(compressionPlugin);
  server.get(
    '/api/things',
    { config: { access: 'public', publicCache: 'things' } },
    async (_request, reply) => {
      counts.built += 1;
      reply.header('cache-control', 'public, max-age=60');
      return { items };
    },
  );
  const origin = await server.listen({ port: 0, host: '127.0.0.1' });
  // Node's fetch asks for gzip unless told otherwise.
  const read = (headers: Record<string, string> = {}) =>
    fetch(`${origin}/api/things`, { headers: { 'accept-encoding': 'identity', ...headers } });
  return { counts, read };
}

const headersOf = (response: Response) =>
  Object.fromEntries([...response.headers].filter(([name]) => name !== 'date'));

describe('anonymous hits of the public cache', () => {
  it('answers a repeat with the headers and bytes the chain gave the first, without the chain', async () => {
    const { counts, read } = await listeningApp();
    const first = await read();
    const firstBody = await first.text();
    const repeat = await read();

    expect(repeat.status).toBe(200);
    expect(headersOf(repeat)).toEqual(headersOf(first));
    expect(repeat.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(repeat.headers.get('cache-control')).toBe('public, max-age=60');
    expect(await repeat.text()).toBe(firstBody);
    expect(counts).toEqual({ chain: 1, built: 1 });

    const revalidated = await read({ 'if-none-match': String(first.headers.get('etag')) });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(counts.chain).toBe(1);
  });

  it('sends Strict-Transport-Security on a hit only over HTTPS, as a trusted proxy says', async () => {
    const { counts, read } = await listeningApp();
    // Kept from an answer over HTTPS, which had the header.
    const first = await read({ 'x-forwarded-proto': 'https' });
    expect(first.headers.get('strict-transport-security')).toBe(strictTransportSecurity);
    expect((await read()).headers.get('strict-transport-security')).toBeNull();
    const overHttps = await read({ 'x-forwarded-proto': 'https' });
    expect(overHttps.headers.get('strict-transport-security')).toBe(strictTransportSecurity);
    expect(counts.chain).toBe(1);
  });

  it('leaves to the chain whoever may be signed in and cross-origin callers, who get their own headers', async () => {
    const { counts, read } = await listeningApp();
    await read();
    await read({ cookie: 'uplift_session=a-token' });
    await read({ authorization: 'Bearer a-token' });
    expect(counts).toEqual({ chain: 3, built: 3 });

    const crossOrigin = await read({ origin: trustedOrigin });
    expect(crossOrigin.headers.get('access-control-allow-origin')).toBe(trustedOrigin);
    // The public cache's route hook served it: kept answer, but through the chain.
    expect(counts).toEqual({ chain: 4, built: 3 });
    const repeat = await read();
    expect(repeat.headers.get('access-control-allow-origin')).toBeNull();
    expect(counts.chain).toBe(4);
  });

  it('serves the kept brotli bytes once they are made, the chain compressing until then', async () => {
    const { counts, read } = await listeningApp();
    await read();
    const first = await read({ 'accept-encoding': 'br' });
    expect(first.headers.get('content-encoding')).toBe('br');
    expect(counts.chain).toBe(2);
    await vi.waitFor(async () => {
      const before = counts.chain;
      const response = await read({ 'accept-encoding': 'gzip, deflate, br, zstd' });
      expect(response.headers.get('content-encoding')).toBe('br');
      expect(response.headers.get('vary')).toMatch(/accept-encoding/);
      expect(((await response.json()) as { items: unknown[] }).items).toHaveLength(items.length);
      expect(counts.chain).toBe(before);
    });
    expect(counts.built).toBe(1);
  });

  it('still logs every hit as a completed request', async () => {
    const logLines: string[] = [];
    const { counts, read } = await listeningApp(logLines);
    await read();
    await read();
    expect(counts.chain).toBe(1);
    await vi.waitFor(() => {
      const completed = logLines
        .map((line) => JSON.parse(line) as { msg: string; res?: { statusCode: number } })
        .filter((entry) => entry.msg === 'request completed');
      expect(completed.map((entry) => entry.res?.statusCode)).toEqual([200, 200]);
    });
  });
});
