import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authTokenResponseSchema, chatMessageSchema } from '@uplift/contracts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { createUser, signedInAs, testPassword } from '../../../test/accounts.ts';
import { startFakeOpenAi, type FakeOpenAi } from '../../../test/fake-openai.ts';
import { doneEvent, parseEvents } from '../../../test/sse.ts';
import { seedKnowledgePoints } from '../../seed/knowledge.ts';

const question = 'How do I prepare for a job interview?';

/** Real HTTP over loopback: clients that disconnect, stop and resume mid-stream. */
describe('Vale streaming over real HTTP', () => {
  let t: TestApp;
  let fake: FakeOpenAi;
  let base: string;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
    t = await createTestApp({ VALE_BASE_URL: fake.baseURL });
    await seedKnowledgePoints(t.db);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => {
    fake.mode = 'ok';
    fake.tokenDelayMs = 0;
  });

  /** Opens a member stream and resolves with the first event's ids once it arrives. */
  async function openStream(cookie: string) {
    const controller = new AbortController();
    const response = await fetch(`${base}/api/chat/message`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ message: question }),
      signal: controller.signal,
    });
    const reader = response.body!.getReader();
    let buffered = '';
    while (!buffered.includes('\n\n')) buffered += new TextDecoder().decode((await reader.read()).value);
    const meta = parseEvents(buffered.slice(0, buffered.indexOf('\n\n') + 2))[0] as { messageId: string };
    return { meta, reader, controller };
  }

  const getMessage = async (cookie: string, id: string) =>
    chatMessageSchema.parse(
      await (await fetch(`${base}/api/chat/messages/${id}`, { headers: { cookie } })).json(),
    );

  it('finishes and saves the answer after the client disconnects', async () => {
    fake.tokenDelayMs = 40;
    const { cookie } = await signedInAs(t.app, t.db, 'member-tier-1');
    const { meta, controller } = await openStream(cookie);
    controller.abort();
    expect((await getMessage(cookie, meta.messageId)).status).toBe('streaming');
    await expect
      .poll(async () => (await getMessage(cookie, meta.messageId)).status, { timeout: 10_000 })
      .toBe('complete');
    expect((await getMessage(cookie, meta.messageId)).content).toBe(fake.tokens.join(''));
  });

  it('resumes a stream: the text so far, then the rest', async () => {
    fake.tokenDelayMs = 40;
    const { cookie } = await signedInAs(t.app, t.db, 'member-tier-1');
    const { meta, controller } = await openStream(cookie);
    controller.abort();
    await sleep(100);
    const resumed = await fetch(`${base}/api/chat/messages/${meta.messageId}/events`, {
      headers: { cookie },
    });
    const events = parseEvents(await resumed.text());
    expect(events[0]).toMatchObject({ type: 'meta', messageId: meta.messageId });
    expect(doneEvent(events).content).toBe(fake.tokens.join(''));
  });

  it('stop aborts the upstream request and keeps what was written', async () => {
    fake.tokenDelayMs = 100;
    const abortedBefore = fake.aborted;
    const { cookie } = await signedInAs(t.app, t.db, 'member-tier-1');
    const { meta } = await openStream(cookie);
    await sleep(150);
    const stopped = await fetch(`${base}/api/chat/messages/${meta.messageId}/stop`, {
      method: 'POST',
      headers: { cookie },
    });
    const message = chatMessageSchema.parse(await stopped.json());
    expect(message.status).toBe('stopped');
    expect(message.content.length).toBeGreaterThan(0);
    expect(message.content.length).toBeLessThan(fake.tokens.join('').length);
    await expect.poll(() => fake.aborted).toBe(abortedBefore + 1);
  });

  it('serves standard OpenAI clients at /api/chat/openai, streaming and not, with a bearer token', async () => {
    const user = await createUser(t.db);
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-client-platform': 'native' },
      body: JSON.stringify({ email: user.email, password: testPassword }),
    });
    const { token } = authTokenResponseSchema.parse(await login.json());
    const client = new OpenAI({
      baseURL: `${base}/api/chat/openai`.replace(/\/chat\/openai$/, '/chat/openai'),
      apiKey: token!,
      fetch: (url, init) => fetch(String(url).replace('/chat/openai/chat/completions', '/chat/openai'), init),
    });

    const completion = await client.chat.completions.create({
      model: 'vale',
      messages: [{ role: 'user', content: question }],
    });
    expect(completion.choices[0]!.message.content).toMatch(
      /^Update your CV for each role \[1\]\.\n\nSources: \[1\] /,
    );

    const stream = await client.chat.completions.create({
      model: 'vale',
      messages: [{ role: 'user', content: question }],
      stream: true,
    });
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.delta?.content ?? '';
    expect(text).toBe(completion.choices[0]!.message.content);

    const anonymous = new OpenAI({
      baseURL: `${base}/api/chat/openai`,
      apiKey: 'not-a-session',
      maxRetries: 0,
    });
    await expect(
      anonymous.chat.completions.create({ model: 'vale', messages: [{ role: 'user', content: 'hi' }] }),
    ).rejects.toMatchObject({ status: 401 });
  });
});
