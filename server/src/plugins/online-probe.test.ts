import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { statusResponseSchema } from '@uplift/contracts';
import { corsPlugin } from './cors.ts';
import { onlineProbePlugin } from './online-probe.ts';
import { securityHeadersPlugin, strictTransportSecurity } from './security.ts';

const trustedOrigin = 'capacitor://localhost';

let app: FastifyInstance | undefined;
afterEach(() => app?.close());

/** The probe first, as in app.ts, then a chain that counts the requests reaching it and a route of its own. */
async function listeningApp(logLines: string[] = []) {
  const counts = { chain: 0 };
  const server = Fastify({
    trustProxy: '127.0.0.1',
    logger: { level: 'info', stream: { write: (line: string) => logLines.push(line) } },
  });
  app = server;
  await server.register(onlineProbePlugin, { build: 'build-7' });
  await server.register(securityHeadersPlugin);
  await server.register(corsPlugin, { trustedOrigins: [trustedOrigin] });
  server.addHook('onRequest', (_request, _reply, done) => {
    counts.chain += 1;
    done();
  });
  server.get('/api/status', () => ({
    status: 'ok',
    time: new Date().toISOString(),
    build: 'from-the-route',
  }));
  const origin = await server.listen({ port: 0, host: '127.0.0.1' });
  const probe = (init: RequestInit = {}, path = '/api/status') => fetch(`${origin}${path}`, init);
  return { counts, probe };
}

describe('the online probe', () => {
  it('answers a same-origin poll before the chain, signed in or not, with the API headers and no caching', async () => {
    const { counts, probe } = await listeningApp();
    for (const headers of [{}, { cookie: 'uplift_session=a-token' }, { authorization: 'Bearer a-token' }]) {
      const response = await probe({ headers });
      expect(response.status).toBe(200);
      expect(statusResponseSchema.parse(await response.json()).build).toBe('build-7');
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('content-security-policy')).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    }
    expect(counts.chain).toBe(0);
  });

  it('says the time of each poll', async () => {
    const { probe } = await listeningApp();
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-27T09:00:00.000Z') });
    try {
      const first = statusResponseSchema.parse(await (await probe()).json());
      vi.setSystemTime(new Date('2026-11-27T09:00:05.000Z'));
      const second = statusResponseSchema.parse(await (await probe()).json());
      expect([first.time, second.time]).toEqual(['2026-11-27T09:00:00.000Z', '2026-11-27T09:00:05.000Z']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends Strict-Transport-Security only over HTTPS, as a trusted proxy says', async () => {
    const { probe } = await listeningApp();
    const overHttps = await probe({ headers: { 'x-forwarded-proto': 'https' } });
    expect(overHttps.headers.get('strict-transport-security')).toBe(strictTransportSecurity);
    expect((await probe()).headers.get('strict-transport-security')).toBeNull();
  });

  it('leaves cross-origin polls, HEAD and other paths to the chain', async () => {
    const { counts, probe } = await listeningApp();
    const crossOrigin = await probe({ headers: { origin: trustedOrigin } });
    expect(crossOrigin.headers.get('access-control-allow-origin')).toBe(trustedOrigin);
    expect(((await crossOrigin.json()) as { build: string }).build).toBe('from-the-route');
    expect((await probe({ method: 'HEAD' })).status).toBe(200);
    await probe({}, '/api/status?again=1');
    expect(counts.chain).toBe(3);
  });

  it('still logs every poll as a completed request', async () => {
    const logLines: string[] = [];
    const { probe } = await listeningApp(logLines);
    await probe();
    await vi.waitFor(() => {
      const completed = logLines
        .map((line) => JSON.parse(line) as { msg: string; res?: { statusCode: number } })
        .filter((entry) => entry.msg === 'request completed');
      expect(completed).toHaveLength(1);
      expect(completed[0]?.res?.statusCode).toBe(200);
    });
  });
});
