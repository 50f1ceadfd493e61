import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthResponseSchema, statusResponseSchema } from '@uplift/contracts';
import { createTestApp, type TestApp } from '../../../test/app.ts';

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

  it('GET /api/health reports the database as up', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(healthResponseSchema.parse(response.json())).toMatchObject({ status: 'ok', database: 'up' });
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
