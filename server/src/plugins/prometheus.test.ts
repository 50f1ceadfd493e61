import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { startFakeOpenAi, type FakeOpenAi } from '../../test/fake-openai.ts';
import { seedKnowledgePoints } from '../seed/knowledge.ts';

const token = 'scrape-token-0123456789';
const isMetrics = (body: string) => body.includes('# TYPE uplift_http_request_duration_seconds histogram');

/** Reads one sample's value from Prometheus' text format. */
function sample(body: string, name: string, labels = ''): number | undefined {
  const line = body
    .split('\n')
    .find((row) => row.startsWith(`${name}${labels} `) || row === `${name}${labels}`);
  return line === undefined ? undefined : Number(line.split(' ').at(-1));
}

describe('GET /metrics', () => {
  let closed: TestApp;
  let byToken: TestApp;
  let byAddress: TestApp;
  let fake: FakeOpenAi;

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    [closed, byToken, byAddress] = await Promise.all([
      createTestApp(),
      createTestApp({
        METRICS_TOKEN: token,
        VALE_BASE_URL: fake.baseURL,
        VALE_FIRST_TOKEN_TIMEOUT_MS: '300',
      }),
      createTestApp({ METRICS_ALLOWED_IPS: '10.0.0.0/8,127.0.0.1' }),
    ]);
    await seedKnowledgePoints(byToken.db);
  });
  afterAll(async () => {
    await Promise.all([closed.close(), byToken.close(), byAddress.close()]);
    await fake.close();
  });

  it('is not there for anyone when neither a token nor addresses are configured', async () => {
    const response = await closed.app.inject({ method: 'GET', url: '/metrics' });
    expect(isMetrics(response.body)).toBe(false);
    // What any unknown path of the app gets: nothing says the endpoint exists.
    const unknown = await closed.app.inject({ method: 'GET', url: '/no-such-page' });
    expect(response.statusCode).toBe(unknown.statusCode);
  });

  it('answers the token from anywhere, and nothing to a wrong token', async () => {
    const wrong = await byToken.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${token}x` },
    });
    expect(isMetrics(wrong.body)).toBe(false);
    const right = await byToken.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '203.0.113.9',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(right.statusCode).toBe(200);
    expect(right.headers['content-type']).toMatch(/^text\/plain/);
    expect(isMetrics(right.body)).toBe(true);
  });

  it('answers a listed address without the token, and no other', async () => {
    const listed = await byAddress.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.4.5.6' });
    expect(isMetrics(listed.body)).toBe(true);
    const other = await byAddress.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '192.0.2.7' });
    expect(isMetrics(other.body)).toBe(false);
  });

  it('counts requests by route template and status, with the pool, streams and process figures', async () => {
    await byAddress.app.inject({ method: 'GET', url: '/api/partners/no-such-partner' });
    await byAddress.app.inject({ method: 'GET', url: '/api/partners/another-missing-one' });
    const body = (await byAddress.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' }))
      .body;
    // One series for the route, however many ids were asked for.
    expect(
      sample(
        body,
        'uplift_http_request_duration_seconds_count',
        '{method="GET",route="/api/partners/:id",status="404"}',
      ),
    ).toBe(2);
    expect(sample(body, 'uplift_db_pool_connections')).toBeGreaterThan(0);
    expect(sample(body, 'uplift_db_pool_waiting')).toBe(0);
    expect(sample(body, 'uplift_event_subscribers')).toBeGreaterThan(0);
    expect(sample(body, 'uplift_scheduled_sends')).toBe(0);
    expect(sample(body, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(body).toContain('nodejs_eventloop_lag_seconds');
  });

  it("counts Vale's fallbacks when the model does not answer, and times the model's answers", async () => {
    const ask = () =>
      byToken.app.inject({
        method: 'POST',
        url: '/api/chat/public',
        remoteAddress: `198.51.100.${Math.floor(Math.random() * 200) + 1}`,
        payload: { message: 'How do I write a CV?' },
      });
    fake.mode = 'ok';
    expect((await ask()).statusCode).toBe(200);
    fake.mode = 'fail';
    expect((await ask()).statusCode).toBe(200);
    const scrape = async () =>
      (
        await byToken.app.inject({
          method: 'GET',
          url: '/metrics',
          headers: { authorization: `Bearer ${token}` },
        })
      ).body;
    // The answer is counted once it has ended, which can be just after its stream is sent.
    await expect.poll(async () => sample(await scrape(), 'uplift_vale_fallbacks_total')).toBe(1);
    const body = await scrape();
    expect(sample(body, 'uplift_vale_answer_duration_seconds_count', '{outcome="model"}')).toBe(1);
    expect(sample(body, 'uplift_vale_answer_duration_seconds_count', '{outcome="fallback"}')).toBe(1);
  });
});
