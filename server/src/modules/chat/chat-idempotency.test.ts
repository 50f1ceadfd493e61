import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chatQuotaSchema, conversationDetailSchema } from '@uplift/contracts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { signedInAs } from '../../../test/accounts.ts';
import { startFakeOpenAi, type FakeOpenAi } from '../../../test/fake-openai.ts';
import { doneEvent, parseEvents } from '../../../test/sse.ts';
import { idempotencyKeys } from '../../db/schema.ts';
import { seedKnowledgePoints } from '../../seed/knowledge.ts';

const question = 'How do I prepare for a job interview?';

/** The offline queue replays member writes with their Idempotency-Key; streamed answers included. */
describe('Vale requests sent again with their Idempotency-Key', () => {
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
  beforeEach(() => {
    fake.tokenDelayMs = 0;
  });

  const ask = (cookie: string, key: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/chat/message',
      headers: { cookie, 'idempotency-key': key },
      payload: { message: question },
    });
  const conversation = async (cookie: string, id: string) =>
    conversationDetailSchema.parse(
      (
        await t.app.inject({ method: 'GET', url: `/api/chat/conversations/${id}`, headers: { cookie } })
      ).json(),
    );
  const quotaUsed = async (cookie: string) =>
    chatQuotaSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/chat/quota', headers: { cookie } })).json(),
    ).used;

  it('a finished answer: the repeat streams the saved answer, asks nothing twice and charges once', async () => {
    const { cookie } = await signedInAs(t.app, t.db, 'member-tier-1');
    const first = doneEvent(parseEvents((await ask(cookie, 'queued-question-01')).body));
    const requestsBefore = fake.requests.length;

    const repeat = await ask(cookie, 'queued-question-01');
    expect(repeat.statusCode).toBe(200);
    expect(repeat.headers['content-type']).toContain('text/event-stream');
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    const events = parseEvents(repeat.body);
    expect(events[0]).toMatchObject({ type: 'meta', messageId: first.messageId });
    expect(doneEvent(events)).toMatchObject({
      messageId: first.messageId,
      content: first.content,
      status: 'complete',
    });

    expect(fake.requests.length).toBe(requestsBefore);
    expect(await quotaUsed(cookie)).toBe(1);
    const meta = events[0] as { conversationId: string };
    expect((await conversation(cookie, meta.conversationId)).messages).toHaveLength(2);
  });

  it('an answer still being written: the repeat resumes it instead of answering 409', async () => {
    fake.tokenDelayMs = 60;
    const { cookie } = await signedInAs(t.app, t.db, 'member-tier-1');
    const firstResponse = ask(cookie, 'queued-question-02');
    await expect
      .poll(
        async () =>
          (await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'queued-question-02')))[0]
            ?.statusCode,
      )
      .toBe(200);
    await sleep(100);
    const repeat = await ask(cookie, 'queued-question-02');
    expect(repeat.statusCode).toBe(200);
    const resumed = doneEvent(parseEvents(repeat.body));
    const first = doneEvent(parseEvents((await firstResponse).body));
    expect(resumed).toMatchObject({
      messageId: first.messageId,
      content: fake.tokens.join(''),
      status: 'complete',
    });
    expect(await quotaUsed(cookie)).toBe(1);
  });

  it('regenerate: the repeat streams the same new answer and replaces the old one only once', async () => {
    const { cookie } = await signedInAs(t.app, t.db, 'member-tier-2');
    const askedEvents = parseEvents((await ask(cookie, 'queued-question-03')).body);
    const asked = doneEvent(askedEvents);
    const { conversationId } = askedEvents[0] as { conversationId: string };
    const regenerate = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/chat/conversations/${conversationId}/regenerate`,
        headers: { cookie, 'idempotency-key': 'queued-regenerate-01' },
      });
    const first = doneEvent(parseEvents((await regenerate()).body));
    const repeat = await regenerate();
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    expect(doneEvent(parseEvents(repeat.body)).messageId).toBe(first.messageId);
    expect(first.messageId).not.toBe(asked.messageId);
    const messages = (await conversation(cookie, conversationId)).messages;
    expect(messages.map((message) => message.id)).toEqual([messages[0]!.id, first.messageId]);
    expect(await quotaUsed(cookie)).toBe(2);
  });

  it('deleting a conversation: the repeat gets the first answer, not a 404', async () => {
    const { cookie } = await signedInAs(t.app, t.db, 'member-tier-1');
    const id = (parseEvents((await ask(cookie, 'queued-question-04')).body)[0] as { conversationId: string })
      .conversationId;
    const remove = () =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/chat/conversations/${id}`,
        headers: { cookie, 'idempotency-key': 'queued-delete-0001' },
      });
    expect((await remove()).statusCode).toBe(200);
    const repeat = await remove();
    expect(repeat.statusCode).toBe(200);
    expect(repeat.headers['idempotent-replayed']).toBe('true');
  });
});
