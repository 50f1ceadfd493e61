import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  healthResponseSchema,
  liveResponseSchema,
  readyResponseSchema,
  statusResponseSchema,
} from '@uplift/contracts';
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

describe('liveness and readiness', () => {
  const ready = async (t: TestApp) => {
    const response = await t.app.inject({ method: 'GET', url: '/api/ready' });
    return { statusCode: response.statusCode, body: readyResponseSchema.parse(response.json()) };
  };

  it('is ready while the database and the storage answer; live asks neither', async () => {
    const t = await createTestApp();
    try {
      expect(await ready(t)).toEqual({
        statusCode: 200,
        body: { status: 'ok', database: 'up', storage: 'up' },
      });
      const live = await t.app.inject({ method: 'GET', url: '/api/live' });
      expect(liveResponseSchema.parse(live.json())).toEqual({ status: 'ok' });
    } finally {
      await t.close();
    }
  });

  it('turns unready while the database is away, and stays live', async () => {
    const t = await createTestApp();
    await t.db.$client.end();
    const answer = await ready(t);
    const live = await t.app.inject({ method: 'GET', url: '/api/live' });
    await t.app.close();
    expect(answer).toMatchObject({ statusCode: 503, body: { status: 'unavailable', database: 'down' } });
    expect(live.statusCode).toBe(200);
  });

  it('turns unready while the file storage does not answer', async () => {
    // A bucket on a port nothing listens on: every request to it fails.
    const t = await createTestApp({
      S3_BUCKET: 'uplift-ready',
      S3_ENDPOINT: 'http://127.0.0.1:9',
      S3_ACCESS_KEY_ID: 'test',
      S3_SECRET_ACCESS_KEY: 'test',
    });
    try {
      expect(await ready(t)).toMatchObject({ statusCode: 503, body: { database: 'up', storage: 'down' } });
    } finally {
      await t.close();
    }
  });

  it('turns unready as soon as the server starts to close, while it still answers', async () => {
    // The close is held in a hook of its own (after the app's), so the test asks during the drain.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let draining = () => {};
    const drainStarted = new Promise<void>((resolve) => (draining = resolve));
    const t = await createTestApp(
      {},
      {
        beforeReady: (app) =>
          app.addHook('preClose', async () => {
            draining();
            await held;
          }),
      },
    );
    // Over a real connection: an injected request is refused outright once the close has begun.
    const origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const readyOverHttp = () => fetch(`${origin}/api/ready`).then((response) => response.status);
    expect(await readyOverHttp()).toBe(200);
    const closing = t.close();
    await drainStarted;
    const during = await readyOverHttp();
    release();
    await closing;
    expect(during).toBe(503);
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
