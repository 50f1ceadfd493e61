import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiErrorSchema, chatQuotaSchema, conversationDetailSchema } from '@uplift/contracts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { signedInAs } from '../../../test/accounts.ts';
import { startFakeOpenAi, type FakeOpenAi } from '../../../test/fake-openai.ts';
import { doneEvent, parseEvents } from '../../../test/sse.ts';
import { chatMessages } from '../../db/schema.ts';
import { seedKnowledgePoints } from '../../seed/knowledge.ts';

const question = 'How should I tailor my CV for a job application?';

describe('Vale with no AI model configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ VALE_QUOTA_ANONYMOUS: '2' });
    await seedKnowledgePoints(t.db);
  });
  afterAll(() => t.close());

  /** Asks from an address (not X-Forwarded-For: the test app trusts no proxy), as a known visitor or not. */
  const ask = (remoteAddress = '10.1.0.1', cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/chat/public',
      remoteAddress,
      headers: cookie ? { cookie } : {},
      payload: { message: question },
    });
  const quotaOf = async (remoteAddress: string, cookie?: string) =>
    chatQuotaSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/chat/quota',
          remoteAddress,
          headers: cookie ? { cookie } : {},
        })
      ).json(),
    );
  const visitorCookie = (response: { headers: Record<string, unknown> }) =>
    (response.headers['set-cookie'] as string).split(';')[0]!;

  it('answers anonymously from the knowledge base, cited, and says so', async () => {
    const response = await ask();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/event-stream');
    const events = parseEvents(response.body);
    expect(events[0]).toMatchObject({ type: 'meta', conversationId: null, messageId: null });
    const done = doneEvent(events);
    expect(done.groundedOnly).toBe(true);
    expect(done.content).toContain('No AI model is connected');
    expect(done.citations.length).toBeGreaterThan(0);
    expect(done.content).toContain('[1]');
    const streamed = events.flatMap((event) => (event.type === 'token' ? [event.text] : [])).join('');
    expect(streamed).toBe(done.content);
    expect(events.filter((event) => event.type === 'token').length).toBeGreaterThan(5);
  });

  it('limits anonymous visitors to their daily quota by browser, whatever their address', async () => {
    const first = await ask('10.2.0.1');
    const cookie = first.headers['set-cookie'] as string;
    expect(cookie).toMatch(/uplift_visitor=[\w-]{36}; Max-Age=\d+; Path=\/api\/chat; HttpOnly; SameSite=Lax/);
    const visitor = visitorCookie(first);
    expect((await ask('10.2.0.2', visitor)).statusCode).toBe(200);
    const third = await ask('10.2.0.3', visitor);
    expect(third.statusCode).toBe(429);
    expect(apiErrorSchema.parse(third.json()).error.message).toMatch(
      /^You've used all 2 of today's free Vale messages in this browser/,
    );
    expect(await quotaOf('10.2.0.4', visitor)).toMatchObject({
      used: 2,
      limit: 2,
      remaining: 0,
      limitedBy: 'visitor',
    });
  });

  it('gives a new browser on a used address its whole trial', async () => {
    const visitor = visitorCookie(await ask('10.3.0.1'));
    expect(await quotaOf('10.3.0.1', visitor)).toMatchObject({ remaining: 1, limitedBy: 'visitor' });
    // Another visitor on the same network (a library, a phone carrier) is not charged for the first one's.
    expect(await quotaOf('10.3.0.1')).toMatchObject({ used: 0, remaining: 2, limitedBy: 'visitor' });
    expect((await ask('10.3.0.1', visitor)).statusCode).toBe(200);
    expect((await ask('10.3.0.1')).statusCode).toBe(200);
  });

  it('refuses a message over the length limit with a clear error', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/chat/public',
      payload: { message: 'x'.repeat(2001) },
    });
    expect(response.statusCode).toBe(400);
    expect(apiErrorSchema.parse(response.json()).error.issues?.[0]?.message).toMatch(/under 2000 characters/);
  });
});

describe('Vale with an OpenAI-compatible model', () => {
  let t: TestApp;
  let fake: FakeOpenAi;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
    t = await createTestApp({
      VALE_BASE_URL: fake.baseURL,
      VALE_FIRST_TOKEN_TIMEOUT_MS: '400',
      VALE_QUOTA_TIER1: '3',
      VALE_QUOTA_TIER2: '4',
    });
    await seedKnowledgePoints(t.db);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => {
    fake.mode = 'ok';
    fake.tokenDelayMs = 0;
    fake.requests = [];
  });

  const askAsMember = (cookie: string, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/chat/message', headers: { cookie }, payload });

  it('streams the model answer token by token, grounded in the retrieved passages', async () => {
    const { cookie } = await signedInAs(t.app, t.db, 'member-tier-1');
    const events = parseEvents((await askAsMember(cookie, { message: question })).body);
    const tokens = events.flatMap((event) => (event.type === 'token' ? [event.text] : []));
    expect(tokens).toEqual(fake.tokens);
    const done = doneEvent(events);
    expect(done).toMatchObject({ status: 'complete', groundedOnly: false, content: fake.tokens.join('') });
    const system = fake.requests[0]!.messages[0]!;
    expect(system.role).toBe('system');
    for (const citation of done.citations)
      expect(system.content).toContain(`[${citation.index}] ${citation.title}`);
    expect(fake.requests[0]!.messages.at(-1)).toEqual({ role: 'user', content: question });
  });

  it.each([
    ['fails', 'fail'],
    ['times out', 'stall'],
  ] as const)('falls back to the knowledge base when the model %s', async (_case, mode) => {
    fake.mode = mode;
    const { cookie } = await signedInAs(t.app, t.db, 'member-tier-1');
    const done = doneEvent(parseEvents((await askAsMember(cookie, { message: question })).body));
    expect(done.groundedOnly).toBe(true);
    expect(done.content).toContain("The AI model didn't respond");
    expect(done.citations.length).toBeGreaterThan(0);
  });

  it('keeps a partial answer and says it was cut off when the model disconnects midway', async () => {
    fake.mode = 'disconnect';
    const { cookie } = await signedInAs(t.app, t.db, 'member-tier-1');
    const done = doneEvent(parseEvents((await askAsMember(cookie, { message: question })).body));
    expect(done.status).toBe('failed');
    expect(done.content).toMatch(/^Update your [\s\S]*cut off/);
  });

  it('saves conversations: list, read, rename, delete', async () => {
    const { cookie } = await signedInAs(t.app, t.db, 'member-tier-2');
    const first = doneEvent(parseEvents((await askAsMember(cookie, { message: question })).body));
    const { conversationId } = parseEvents((await askAsMember(cookie, { message: question })).body)[0] as {
      conversationId: string;
    };
    const list = (
      await t.app.inject({ method: 'GET', url: '/api/chat/conversations', headers: { cookie } })
    ).json();
    expect(list.items).toHaveLength(2);
    const detail = conversationDetailSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/chat/conversations/${conversationId}`,
          headers: { cookie },
        })
      ).json(),
    );
    expect(detail.title).toBe(question);
    expect(detail.messages.map((message) => message.role)).toEqual(['user', 'assistant']);
    expect(detail.messages[1]).toMatchObject({ status: 'complete', content: first.content });

    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/chat/conversations/${conversationId}`,
      headers: { cookie },
      payload: { title: 'CV tips' },
    });
    expect(renamed.json().title).toBe('CV tips');
    const other = await signedInAs(t.app, t.db, 'member-tier-2');
    const stranger = await t.app.inject({
      method: 'GET',
      url: `/api/chat/conversations/${conversationId}`,
      headers: { cookie: other.cookie },
    });
    expect(stranger.statusCode).toBe(404);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/chat/conversations/${conversationId}`,
      headers: { cookie },
    });
    expect(deleted.statusCode).toBe(200);
    const after = (
      await t.app.inject({ method: 'GET', url: '/api/chat/conversations', headers: { cookie } })
    ).json();
    expect(after.items).toHaveLength(1);
  });

  it('regenerate replaces the last answer', async () => {
    const { cookie } = await signedInAs(t.app, t.db, 'member-tier-1');
    const meta = parseEvents((await askAsMember(cookie, { message: question })).body)[0] as {
      conversationId: string;
      messageId: string;
    };
    fake.tokens = ['A ', 'fresh ', 'answer ', '[1].'];
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/chat/conversations/${meta.conversationId}/regenerate`,
      headers: { cookie },
    });
    fake.tokens = ['Update ', 'your ', 'CV ', 'for ', 'each ', 'role ', '[1].'];
    const done = doneEvent(parseEvents(again.body));
    expect(done.content).toBe('A fresh answer [1].');
    expect(done.messageId).not.toBe(meta.messageId);
    const rows = await t.db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.conversationId, meta.conversationId));
    expect(rows.filter((row) => row.role === 'assistant').map((row) => row.content)).toEqual([
      'A fresh answer [1].',
    ]);
  });

  it('keeps the last answer when regenerating is refused for quota', async () => {
    const { cookie } = await signedInAs(t.app, t.db, 'member-tier-1');
    let meta = { conversationId: '' };
    for (let i = 0; i < 3; i += 1) {
      meta = parseEvents((await askAsMember(cookie, { message: question })).body)[0] as {
        conversationId: string;
      };
    }
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/chat/conversations/${meta.conversationId}/regenerate`,
      headers: { cookie },
    });
    expect(refused.statusCode).toBe(429);
    const rows = await t.db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.conversationId, meta.conversationId));
    expect(rows.filter((row) => row.role === 'assistant')).toHaveLength(1);
  });

  it('enforces the daily quota by tier; admins are unlimited', async () => {
    const tier1 = await signedInAs(t.app, t.db, 'member-tier-1');
    const statuses = [];
    for (let i = 0; i < 4; i += 1)
      statuses.push((await askAsMember(tier1.cookie, { message: question })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);

    const tier2 = await signedInAs(t.app, t.db, 'member-tier-2');
    const quota2 = (
      await t.app.inject({ method: 'GET', url: '/api/chat/quota', headers: { cookie: tier2.cookie } })
    ).json();
    expect(quota2).toMatchObject({ used: 0, limit: 4, remaining: 4, limitedBy: 'account' });

    const admin = await signedInAs(t.app, t.db, 'admin');
    for (let i = 0; i < 5; i += 1)
      expect((await askAsMember(admin.cookie, { message: question })).statusCode).toBe(200);
    const adminQuota = (
      await t.app.inject({ method: 'GET', url: '/api/chat/quota', headers: { cookie: admin.cookie } })
    ).json();
    expect(adminQuota).toMatchObject({ used: 5, limit: null, remaining: null });
  });
});
