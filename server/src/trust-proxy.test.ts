import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { loadConfig } from './config.ts';

describe('TRUST_PROXY', () => {
  it('is off by default and takes a hop count or proxy addresses', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.2, 10.1.0.0/16,::1,loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.2',
      '10.1.0.0/16',
      '::1',
      'loopback',
    ]);
  });

  it('refuses `true`, which would believe any client, saying what to give instead', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: .*number of proxies.*addresses/);
  });

  it('refuses entries that are not addresses or ranges, naming them', () => {
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.2,proxy.local,10.0.0.0/33' })).toThrow(
      /TRUST_PROXY: .*proxy\.local, 10\.0\.0\.0\/33/,
    );
  });
});

// Sign-in is rate-limited per client address (before its body is even read, so an empty body is enough).
const loginFrom = (t: TestApp, remoteAddress: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, headers, payload: {} });

/** Sends sign-ins, each with the headers `headersFor` gives it, until the limit answers 429. */
async function attemptsUntilLimited(
  t: TestApp,
  remoteAddress: string,
  headersFor: (attempt: number) => Record<string, string>,
) {
  for (let attempt = 1; attempt <= 200; attempt += 1) {
    const response = await loginFrom(t, remoteAddress, headersFor(attempt));
    if (response.statusCode === 429) return attempt;
  }
  return Infinity;
}

const forgedFor = (attempt: number) => ({ 'x-forwarded-for': `198.51.100.${attempt % 250}` });

describe('without a proxy (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('ignores a forged X-Forwarded-For: the sign-in limit still applies to the real address', async () => {
    expect(await attemptsUntilLimited(t, '203.0.113.9', forgedFor)).toBeLessThan(200);
  });

  it('sends no HSTS over plain HTTP, even when a client claims https', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/status',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('behind one proxy (TRUST_PROXY=1)', () => {
  const proxy = '10.0.0.2';
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '1' });
  });
  afterAll(() => t.close());

  it("believes only the proxy's own entry: entries a client forged ahead of it change nothing", async () => {
    const viaProxy = (attempt: number) => ({
      'x-forwarded-for': `${forgedFor(attempt)['x-forwarded-for']}, 192.0.2.7`,
    });
    expect(await attemptsUntilLimited(t, proxy, viaProxy)).toBeLessThan(200);
    // Another real client behind the same proxy has a limit of its own.
    const other = await loginFrom(t, proxy, { 'x-forwarded-for': '192.0.2.8' });
    expect(other.statusCode).toBe(400);
  });

  it('sends HSTS when the proxy forwarded an HTTPS request, and only then', async () => {
    const https = await t.app.inject({
      method: 'GET',
      url: '/api/status',
      remoteAddress: proxy,
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(https.headers['strict-transport-security']).toMatch(/^max-age=31536000/);
    const http = await t.app.inject({
      method: 'GET',
      url: '/api/status',
      remoteAddress: proxy,
      headers: { 'x-forwarded-proto': 'http' },
    });
    expect(http.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('behind proxies given by address (TRUST_PROXY=10.0.0.0/8)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '10.0.0.0/8' });
  });
  afterAll(() => t.close());

  it('ignores X-Forwarded-For from a peer that is not one of them', async () => {
    expect(await attemptsUntilLimited(t, '203.0.113.9', forgedFor)).toBeLessThan(200);
  });

  it('tells apart the clients a listed proxy forwards', async () => {
    expect(
      await attemptsUntilLimited(t, '10.0.0.2', () => ({ 'x-forwarded-for': '192.0.2.7' })),
    ).toBeLessThan(200);
    const other = await loginFrom(t, '10.0.0.2', { 'x-forwarded-for': '192.0.2.8' });
    expect(other.statusCode).toBe(400);
  });
});
