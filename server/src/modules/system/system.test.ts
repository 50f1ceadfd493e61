import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthResponseSchema, statusResponseSchema } from '@uplift/contracts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { redisAnswers, startRedisRelay, type RedisRelay } from '../../../test/redis.ts';

describe('system probes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ BUILD_ID: 'build-42' });
  });
  afterAll(() => t.close());

  it('GET /api/status answers the online probe with the build id, uncached', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/status' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = statusResponseSchema.parse(response.json());
    expect(body.build).toBe('build-42');
  });

  // online-probe.ts answers a same-origin poll with headers of its own: they must stay the chain's.
  it('answers a same-origin poll with the headers the route gives a native shell, less CORS', async () => {
    const sameOrigin = await t.app.inject({ method: 'GET', url: '/api/status' });
    const fromShell = await t.app.inject({
      method: 'GET',
      url: '/api/status',
      headers: { origin: 'capacitor://localhost' },
    });
    expect(fromShell.headers['access-control-allow-origin']).toBe('capacitor://localhost');
    const comparable = (headers: Record<string, unknown>) =>
      Object.fromEntries(
        Object.entries(headers).filter(([name]) => !/^(date|access-control-.*)$/.test(name)),
      );
    expect(comparable(sameOrigin.headers)).toEqual(comparable(fromShell.headers));
    expect(statusResponseSchema.parse(sameOrigin.json()).build).toBe('build-42');
  });

  it('GET /api/health reports the database as up, and no Redis when none is configured', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(healthResponseSchema.parse(response.json())).toMatchObject({ status: 'ok', database: 'up' });
    expect(response.json()).not.toHaveProperty('redis');
  });

  it('with the database gone, status still answers (no round-trip) and health says 503', async () => {
    const broken = await createTestApp();
    await broken.db.$client.end();
    const status = await broken.app.inject({ method: 'GET', url: '/api/status' });
    const health = await broken.app.inject({ method: 'GET', url: '/api/health' });
    await broken.app.close();
    expect(status.statusCode).toBe(200);
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ status: 'unavailable', database: 'down' });
  });
});

const reachable = await redisAnswers();

describe.skipIf(!reachable)('GET /api/health with REDIS_URL set', () => {
  let relay: RedisRelay;
  let t: TestApp;
  beforeAll(async () => {
    relay = await startRedisRelay();
    t = await createTestApp({ REDIS_URL: relay.url });
  });
  afterAll(async () => {
    await t.close();
    await relay.close();
  });
  const health = async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    return { statusCode: response.statusCode, body: healthResponseSchema.parse(response.json()) };
  };

  it('says Redis is ok while it answers', async () => {
    expect(await health()).toMatchObject({ statusCode: 200, body: { status: 'ok', redis: 'ok' } });
  });

  // Requests go on uncounted without Redis, so the instance stays ready (decision 0033).
  it('says Redis is unavailable, and stays ready, while Redis accepts commands but does not answer', async () => {
    relay.silence();
    try {
      expect(await health()).toMatchObject({ statusCode: 200, body: { status: 'ok', redis: 'unavailable' } });
    } finally {
      relay.speak();
    }
    // Back as soon as Redis's held answers arrive: until then commands are refused unsent.
    await expect.poll(async () => (await health()).body.redis, { timeout: 5_000 }).toBe('ok');
  });

  it('says Redis is unavailable, and stays ready, while the connection is lost, and ok once it is back', async () => {
    await relay.cut();
    expect(await health()).toMatchObject({ statusCode: 200, body: { status: 'ok', redis: 'unavailable' } });
    await relay.restore();
    await expect.poll(async () => (await health()).body.redis, { timeout: 5_000 }).toBe('ok');
  });
});
