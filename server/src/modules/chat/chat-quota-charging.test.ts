import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatQuotaSchema, conversationListResponseSchema } from '@uplift/contracts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { signedInAs } from '../../../test/accounts.ts';
import { doneEvent, parseEvents } from '../../../test/sse.ts';
import { seedKnowledgePoints } from '../../seed/knowledge.ts';

/** Text people paste: URLs with ports, which the full-text parser reads as host and path lexemes. */
const pastedUrls = 'How do I show my project? see localhost:3000/api or https://x.org:8080/a for my CV';

describe('Vale charges a quota only for an answer that started', () => {
  let t: TestApp;
  let address = 0;
  beforeAll(async () => {
    t = await createTestApp({ VALE_QUOTA_ANONYMOUS: '5', VALE_QUOTA_TIER1: '2' });
    await seedKnowledgePoints(t.db);
  });
  afterAll(() => t.close());

  /** A visitor of their own (fresh address and browser), so each case starts with a whole quota. */
  const visitor = () => {
    address += 1;
    const id = `00000000-0000-4000-8000-${String(address).padStart(12, '0')}`;
    return { remoteAddress: `10.9.0.${address}`, headers: { cookie: `uplift_visitor=${id}` } };
  };
  const quotaOf = async (who: { remoteAddress: string; headers: { cookie: string } } | { cookie: string }) =>
    chatQuotaSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/chat/quota',
          ...('cookie' in who ? { headers: who } : who),
        })
      ).json(),
    );
  const conversationsOf = async (cookie: string) =>
    conversationListResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/chat/conversations', headers: { cookie } })).json(),
    ).items;

  /** Retrieval fails for real: the knowledge table is out of reach while `run` asks. */
  async function withRetrievalBroken(run: () => Promise<void>) {
    await t.db.execute(sql`alter table knowledge_points rename to knowledge_points_away`);
    try {
      await run();
    } finally {
      await t.db.execute(sql`alter table knowledge_points_away rename to knowledge_points`);
    }
  }

  it('answers a question with pasted URLs on every Vale endpoint, each charged once', async () => {
    const anonymous = visitor();
    const publicAnswer = await t.app.inject({
      method: 'POST',
      url: '/api/chat/public',
      ...anonymous,
      payload: { message: pastedUrls, history: [{ role: 'user', content: 'localhost:5173/login' }] },
    });
    expect(publicAnswer.statusCode).toBe(200);
    expect(doneEvent(parseEvents(publicAnswer.body)).citations.length).toBeGreaterThan(0);
    expect(await quotaOf(anonymous)).toMatchObject({ used: 1 });

    const { cookie } = await signedInAs(t.app, t.db, 'member-tier-2');
    const memberAnswer = await t.app.inject({
      method: 'POST',
      url: '/api/chat/message',
      headers: { cookie },
      payload: { message: pastedUrls },
    });
    expect(memberAnswer.statusCode).toBe(200);
    const [meta] = parseEvents(memberAnswer.body);
    const conversationId = meta?.type === 'meta' ? meta.conversationId : null;
    expect(conversationId).toEqual(expect.any(String));
    const regenerated = await t.app.inject({
      method: 'POST',
      url: `/api/chat/conversations/${conversationId}/regenerate`,
      headers: { cookie },
    });
    expect(regenerated.statusCode).toBe(200);
    for (const url of ['/api/chat/openai', '/api/chat/openai/chat/completions']) {
      const completion = await t.app.inject({
        method: 'POST',
        url,
        headers: { cookie },
        payload: { messages: [{ role: 'user', content: pastedUrls }] },
      });
      expect(completion.statusCode).toBe(200);
      expect(completion.json().choices[0].message.content).toContain('Sources:');
    }
    expect(await quotaOf({ cookie })).toMatchObject({ used: 4 });
  });

  it('keeps the quota of a visitor whose answer failed to start', async () => {
    const anonymous = visitor();
    await withRetrievalBroken(async () => {
      const failed = await t.app.inject({
        method: 'POST',
        url: '/api/chat/public',
        ...anonymous,
        payload: { message: 'How do I prepare for an interview?' },
      });
      expect(failed.statusCode).toBeGreaterThanOrEqual(500);
    });
    expect(await quotaOf(anonymous)).toMatchObject({ used: 0 });
  });

  it("keeps a member's quota and conversations when an answer failed to start", async () => {
    const { cookie } = await signedInAs(t.app, t.db, 'member-tier-2');
    await withRetrievalBroken(async () => {
      for (const request of [
        { url: '/api/chat/message', payload: { message: 'How do I prepare for an interview?' } },
        { url: '/api/chat/openai', payload: { messages: [{ role: 'user', content: 'Interview tips?' }] } },
      ]) {
        const failed = await t.app.inject({ method: 'POST', headers: { cookie }, ...request });
        expect(failed.statusCode).toBeGreaterThanOrEqual(500);
      }
    });
    expect(await quotaOf({ cookie })).toMatchObject({ used: 0 });
    expect(await conversationsOf(cookie)).toEqual([]);
  });

  it('gives a member over quota no empty conversation', async () => {
    const { cookie } = await signedInAs(t.app, t.db, 'member-tier-1');
    const ask = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/chat/message',
        headers: { cookie },
        payload: { message: 'How do I prepare for an interview?' },
      });
    expect((await ask()).statusCode).toBe(200);
    expect((await ask()).statusCode).toBe(200);
    expect((await ask()).statusCode).toBe(429);
    expect(await conversationsOf(cookie)).toHaveLength(2);
  });
});
