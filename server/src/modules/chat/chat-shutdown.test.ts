import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { createTestApp, fixtureWebDist, type TestApp } from '../../../test/app.ts';
import { signedInAs } from '../../../test/accounts.ts';
import { startFakeOpenAi, type FakeOpenAi } from '../../../test/fake-openai.ts';
import { doneEvent, parseEvents } from '../../../test/sse.ts';
import { chatMessages, conversations } from '../../db/schema.ts';
import { seedKnowledgePoints } from '../../seed/knowledge.ts';

/** Graceful shutdown (SIGTERM → app.close) with answers in flight, and answers a dead process left behind. */
describe('Vale answers across a restart', () => {
  let t: TestApp;
  let fake: FakeOpenAi;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
    t = await createTestApp({ VALE_BASE_URL: fake.baseURL });
    await seedKnowledgePoints(t.db);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('a stuck row a dead process left is closed at start; a recent one (maybe another instance’s) is not', async () => {
    const { user } = await signedInAs(t.app, t.db, 'member-tier-1');
    const [conversation] = await t.db
      .insert(conversations)
      .values({ userId: user.id, title: 'Left behind' })
      .returning();
    const insertAnswer = async (startedMinutesAgo: number) => {
      const [row] = await t.db
        .insert(chatMessages)
        .values({
          conversationId: conversation!.id,
          role: 'assistant',
          status: 'streaming',
          createdAt: new Date(Date.now() - startedMinutesAgo * 60_000),
        })
        .returning();
      return row!.id;
    };
    const abandoned = await insertAnswer(60);
    const recent = await insertAnswer(0);

    const restarted = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: fixtureWebDist }),
      db: t.db,
    });
    await restarted.ready();
    await restarted.close();

    const status = async (id: string) =>
      (await t.db.select().from(chatMessages).where(eq(chatMessages.id, id)))[0];
    expect(await status(abandoned)).toMatchObject({
      status: 'failed',
      content: expect.stringMatching(/cut off/),
    });
    expect(await status(recent)).toMatchObject({ status: 'streaming', content: '' });
  });

  it('on close, a stalled answer is cut off and saved with its partial text; its stream ends', async () => {
    // The first token comes at once, then the model stalls longer than any shutdown delay.
    fake.tokenDelayMs = 60_000;
    const { cookie } = await signedInAs(t.app, t.db, 'member-tier-1');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const response = await fetch(`${base}/api/chat/message`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'How do I prepare for a job interview?' }),
    });
    const reader = response.body!.getReader();
    let received = '';
    while (!received.includes('event: token'))
      received += new TextDecoder().decode((await reader.read()).value);

    const closing = Date.now();
    const closed = t.app.close();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      received += new TextDecoder().decode(chunk.value);
    }
    await closed;
    expect(Date.now() - closing).toBeLessThan(5_000);

    const done = doneEvent(parseEvents(received));
    expect(done.status).toBe('failed');
    expect(done.content).toMatch(/^Update \n\n_The answer was cut off: Uplift was restarting/);
    const [saved] = await t.db.select().from(chatMessages).where(eq(chatMessages.id, done.messageId!));
    expect(saved).toMatchObject({ status: 'failed', content: done.content });
  });
});
