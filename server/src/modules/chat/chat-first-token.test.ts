import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiErrorSchema, chatQuotaSchema } from '@uplift/contracts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { startFakeOpenAi, type FakeOpenAi } from '../../../test/fake-openai.ts';
import { doneEvent, parseEvents } from '../../../test/sse.ts';
import { seedKnowledgePoints } from '../../seed/knowledge.ts';

const question = 'How do I prepare for a job interview?';

/**
 * An anonymous question asks the model before its charge is settled (chat.service.ts `start`). These hold
 * the charge back (the quota table locked against writes) until the model's request has arrived, so the
 * order is certain: the model is asked, then the charge is accepted or refused.
 */
describe('Vale asks the model while the message is charged', () => {
  let t: TestApp;
  let fake: FakeOpenAi;
  let address = 0;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
    t = await createTestApp({ VALE_BASE_URL: fake.baseURL, VALE_QUOTA_ANONYMOUS: '1' });
    await seedKnowledgePoints(t.db);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => {
    fake.mode = 'ok';
    fake.tokenDelayMs = 0;
  });

  /** The app's address on loopback, listening from the first call on. */
  const listening = async () => {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  };

  /** A visitor (a browser on a network) of its own, so each case starts with a whole quota. */
  const network = () => {
    address += 1;
    const id = `00000000-0000-4000-8000-${String(address).padStart(12, '0')}`;
    return { remoteAddress: `10.20.0.${address}`, headers: { cookie: `uplift_visitor=${id}` } };
  };
  type Visitor = ReturnType<typeof network>;
  const ask = (from: Visitor) =>
    t.app.inject({ method: 'POST', url: '/api/chat/public', ...from, payload: { message: question } });
  const quotaOf = async (from: Visitor) =>
    chatQuotaSchema.parse((await t.app.inject({ method: 'GET', url: '/api/chat/quota', ...from })).json());

  /**
   * Starts `asking` while no charge can be written, and lets charges through once the model has received
   * its request (and `meanwhile` has run); resolves with what `asking` resolves.
   */
  async function withChargesHeldUntilTheModelIsAsked<T>(asking: () => Promise<T>, meanwhile = () => {}) {
    const before = fake.requests.length;
    let pending: Promise<T> | undefined;
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`lock table chat_usage in exclusive mode`);
      pending = asking();
      await expect.poll(() => fake.requests.length).toBe(before + 1);
      meanwhile();
    });
    return pending!;
  }

  it('streams the whole answer once the charge is accepted, words that came before it included', async () => {
    const from = network();
    const response = await withChargesHeldUntilTheModelIsAsked(() => ask(from));
    expect(response.statusCode).toBe(200);
    const events = parseEvents(response.body);
    expect(events[0]).toMatchObject({ type: 'meta' });
    const streamed = events.flatMap((event) => (event.type === 'token' ? [event.text] : [])).join('');
    const done = doneEvent(events);
    expect(done).toMatchObject({ status: 'complete', groundedOnly: false, content: fake.tokens.join('') });
    expect(streamed).toBe(done.content);
    expect(done.quota).toMatchObject({ used: 1, remaining: 0 });
    expect(await quotaOf(from)).toMatchObject({ used: 1 });
  });

  it('over quota: the model request it started is cancelled, nothing is streamed and nothing charged', async () => {
    const from = network();
    expect((await ask(from)).statusCode).toBe(200);
    fake.mode = 'stall';
    const abortedBefore = fake.aborted;

    const refused = await withChargesHeldUntilTheModelIsAsked(() => ask(from));
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toContain('application/json');
    expect(refused.body).not.toContain('event:');
    expect(apiErrorSchema.parse(refused.json()).error.message).toMatch(
      /^You've used all 1 of today's free Vale messages in this browser/,
    );
    await expect.poll(() => fake.aborted).toBe(abortedBefore + 1);
    expect(await quotaOf(from)).toMatchObject({ used: 1, remaining: 0 });

    // Refused once here today: the next question waits for its charge and never reaches the model.
    const requestsBefore = fake.requests.length;
    expect((await ask(from)).statusCode).toBe(429);
    expect(fake.requests.length).toBe(requestsBefore);
  });

  it('streams an answer the model finished before the charge was accepted whole, over a real connection', async () => {
    const base = await listening();
    const from = network();
    const before = fake.requests.length;
    let pending: Promise<string> | undefined;
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`lock table chat_usage in exclusive mode`);
      pending = fetch(`${base}/api/chat/public`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...from.headers },
        body: JSON.stringify({ message: question }),
      }).then((response) => response.text());
      await expect.poll(() => fake.requests.length).toBe(before + 1);
      // The whole answer arrives while the charge waits.
      await new Promise((resolve) => setTimeout(resolve, 200));
    });
    const done = doneEvent(parseEvents(await pending!));
    expect(done).toMatchObject({ status: 'complete', content: fake.tokens.join('') });
  });

  it('a visitor who leaves before the charge is settled stops the model request', async () => {
    const base = await listening();
    fake.mode = 'stall';
    const abortedBefore = fake.aborted;
    const leaving = new AbortController();
    const left = await withChargesHeldUntilTheModelIsAsked(
      () =>
        fetch(`${base}/api/chat/public`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ message: question }),
          signal: leaving.signal,
        }).catch((error: unknown) => error),
      () => leaving.abort(),
    );
    expect(left).toBeInstanceOf(Error);
    await expect.poll(() => fake.aborted).toBe(abortedBefore + 1);
  });
});
