import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationDetailSchema, conversationListResponseSchema } from '@uplift/contracts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { signedInAs } from '../../../test/accounts.ts';
import { doneEvent, parseEvents } from '../../../test/sse.ts';
import { seedKnowledgePoints } from '../../seed/knowledge.ts';

/** Issue 41.5 (Open WebUI parity): edit a sent question and answer it again; search old conversations. */
describe('editing a question and searching conversations, over HTTP', () => {
  let t: TestApp;
  let origin: string;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    await seedKnowledgePoints(t.db);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    ({ cookie } = await signedInAs(t.app, t.db, 'member-tier-2'));
  });
  afterAll(() => t.close());

  const post = async (path: string, body?: unknown, as = cookie) => {
    const response = await fetch(`${origin}${path}`, {
      method: 'POST',
      headers: { cookie: as, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, text: await response.text() };
  };
  const ask = async (message: string, conversationId?: string) => {
    const { status, text } = await post('/api/chat/message', { message, conversationId });
    expect(status).toBe(200);
    const events = parseEvents(text);
    const meta = events[0];
    return {
      ...doneEvent(events),
      conversationId: meta?.type === 'meta' ? meta.conversationId! : '',
      questionId: meta?.type === 'meta' ? meta.questionId : undefined,
    };
  };
  const read = async (path: string, as = cookie) => {
    const response = await fetch(`${origin}${path}`, { headers: { cookie: as } });
    return { status: response.status, body: (await response.json()) as unknown };
  };

  it('answers the edited question, which replaces the one sent, in place of the last answer', async () => {
    const first = await ask('How is wage uplift calculated?');
    const { status, text } = await post(`/api/chat/conversations/${first.conversationId}/regenerate`, {
      message: 'How do I ask my boss for a raise?',
    });
    expect(status).toBe(200);
    const answer = doneEvent(parseEvents(text));
    expect(answer.citations.map((citation) => citation.slug)).not.toContain('how-wage-uplift-is-calculated');
    const stored = conversationDetailSchema.parse(
      (await read(`/api/chat/conversations/${first.conversationId}`)).body,
    );
    expect(stored.messages.map((message) => [message.role, message.id === answer.messageId])).toEqual([
      ['user', false],
      ['assistant', true],
    ]);
    expect(stored.messages[0]?.content).toBe('How do I ask my boss for a raise?');
  });

  it('refuses an empty edit in the error shape, and regenerates without a body as before', async () => {
    const first = await ask('How do I write a CV?');
    const empty = await post(`/api/chat/conversations/${first.conversationId}/regenerate`, { message: '  ' });
    expect(empty.status).toBe(400);
    expect(JSON.parse(empty.text)).toMatchObject({ error: { message: expect.any(String) } });
    const again = await post(`/api/chat/conversations/${first.conversationId}/regenerate`);
    expect(again.status).toBe(200);
  });

  const messagesOf = async (conversationId: string) =>
    conversationDetailSchema.parse((await read(`/api/chat/conversations/${conversationId}`)).body).messages;

  it('edits an earlier question: the turns after it are dropped and the new wording is answered', async () => {
    const first = await ask('How do I write a CV?');
    expect(first.questionId).toEqual(expect.any(String));
    const second = await ask('How do I prepare for a job interview?', first.conversationId);
    await ask('and what should I wear?', first.conversationId);
    expect(await messagesOf(first.conversationId)).toHaveLength(6);

    const { status, text } = await post(`/api/chat/conversations/${first.conversationId}/regenerate`, {
      questionId: second.questionId,
      message: 'Is there funding for a training course?',
    });
    expect(status).toBe(200);
    const events = parseEvents(text);
    expect(events[0]).toMatchObject({ type: 'meta', questionId: second.questionId });
    const answer = doneEvent(events);
    expect(answer.content).not.toBe(second.content);
    const stored = await messagesOf(first.conversationId);
    expect(stored.map((message) => [message.role, message.content.slice(0, 40)])).toEqual([
      ['user', 'How do I write a CV?'],
      ['assistant', first.content.slice(0, 40)],
      ['user', 'Is there funding for a training course?'],
      ['assistant', answer.content.slice(0, 40)],
    ]);
    expect(stored[2]?.id).toBe(second.questionId);
    expect(stored[3]?.id).toBe(answer.messageId);
  });

  it('refuses a question of another conversation or member (404), an answer or a bad id (400)', async () => {
    const mine = await ask('How do I write a CV?');
    const other = await ask('How do I negotiate a pay rise?');
    const regenerate = (conversationId: string, body: unknown, as = cookie) =>
      post(`/api/chat/conversations/${conversationId}/regenerate`, body, as);
    const expectError = (response: { status: number; text: string }, status: number) => {
      expect(response.status).toBe(status);
      expect(JSON.parse(response.text)).toMatchObject({ error: { message: expect.any(String) } });
    };

    // A question of the member's other conversation is not one of this conversation's.
    expectError(await regenerate(mine.conversationId, { questionId: other.questionId, message: 'Hi' }), 404);
    // An answer is not a question.
    expectError(await regenerate(mine.conversationId, { questionId: mine.messageId, message: 'Hi' }), 400);
    expectError(await regenerate(mine.conversationId, { questionId: 'not-an-id', message: 'Hi' }), 400);
    // Another member can neither edit the conversation nor learn that it exists.
    const stranger = await signedInAs(t.app, t.db, 'member-tier-1');
    expectError(
      await regenerate(mine.conversationId, { questionId: mine.questionId, message: 'Hi' }, stranger.cookie),
      404,
    );
    expect((await messagesOf(mine.conversationId)).map((message) => message.content)).toEqual([
      'How do I write a CV?',
      mine.content,
    ]);
    // A visitor is not signed in.
    const anonymous = await fetch(`${origin}/api/chat/conversations/${mine.conversationId}/regenerate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ questionId: mine.questionId, message: 'Hi' }),
    });
    expect(anonymous.status).toBe(401);
  });

  it('finds conversations by a word of their title or of any message, only the member’s own', async () => {
    const budget = await ask('How should I plan a monthly budget?');
    await ask('and what about saving for a deposit?', budget.conversationId);
    const search = async (q: string, as = cookie) =>
      conversationListResponseSchema
        .parse((await read(`/api/chat/conversations?q=${encodeURIComponent(q)}`, as)).body)
        .items.map((item) => item.id);
    expect(await search('MONTHLY budget')).toEqual([budget.conversationId]);
    // A word only a later question holds.
    expect(await search('deposit')).toEqual([budget.conversationId]);
    // Typed wildcards are plain characters.
    expect(await search('%')).toEqual([]);
    const other = await signedInAs(t.app, t.db, 'member-tier-1');
    expect(await search('budget', other.cookie)).toEqual([]);
  });
});
