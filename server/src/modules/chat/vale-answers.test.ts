import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { signedInAs } from '../../../test/accounts.ts';
import { startFakeOpenAi, type FakeOpenAi } from '../../../test/fake-openai.ts';
import { doneEvent, parseEvents } from '../../../test/sse.ts';
import { seedKnowledgePoints } from '../../seed/knowledge.ts';
import { formatScores, loadRetrievalEvalSet, scoreRetrieval } from '../knowledge/index.ts';

describe("Vale's answers from the knowledge base (no model connected)", () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    await seedKnowledgePoints(t.db);
    ({ cookie } = await signedInAs(t.app, t.db, 'admin'));
  });
  afterAll(() => t.close());

  const ask = async (message: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/chat/message',
      headers: { cookie },
      payload: { message },
    });
    const events = parseEvents(response.body);
    const meta = events[0] as { conversationId: string };
    return { ...doneEvent(events), conversationId: meta.conversationId };
  };

  it('cites the pay and promotion passages for a raise, and leads with the answer', async () => {
    const done = await ask('How do I ask for a raise?');
    const cited = done.citations.map((citation) => citation.slug);
    expect(['making-the-case-for-promotion', 'negotiating-a-job-offer']).toContain(cited[0]);
    for (const unrelated of [
      'questions-to-ask-in-an-interview',
      'understanding-customer-needs',
      'informational-interviews',
    ]) {
      expect(cited).not.toContain(unrelated);
    }
    expect(done.content).toMatch(/^[^_\n].*\[1\]\n/);
    expect(done.content.match(/No AI model is connected/g)).toHaveLength(1);
  });

  it('says it has nothing on an unrelated question and what it covers, citing nothing', async () => {
    const done = await ask('Give me a recipe for banana bread');
    expect(done.citations).toEqual([]);
    expect(done.content).toMatch(/^I don't have anything on that\. I'm Vale, and I cover careers, skills/);
  });

  it('offers the next best passages when the answer is regenerated', async () => {
    const first = await ask('How do I prepare for a job interview?');
    const again = doneEvent(
      parseEvents(
        (
          await t.app.inject({
            method: 'POST',
            url: `/api/chat/conversations/${first.conversationId}/regenerate`,
            headers: { cookie },
          })
        ).body,
      ),
    );
    const before = first.citations.map((citation) => citation.slug);
    const after = again.citations.map((citation) => citation.slug);
    expect(after.length).toBeGreaterThan(0);
    expect(after.filter((slug) => before.includes(slug))).toEqual([]);
    expect(again.content).not.toBe(first.content);
  });
});

describe('the labelled questions through a connected model', () => {
  let t: TestApp;
  let fake: FakeOpenAi;
  let slugByTitle: Map<string, string>;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
    t = await createTestApp({ VALE_BASE_URL: fake.baseURL });
    await seedKnowledgePoints(t.db);
    const points = await t.db.query.knowledgePoints.findMany({ columns: { slug: true, title: true } });
    slugByTitle = new Map(points.map((point) => [point.title, point.slug]));
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('hands the model the passages that answer the question, numbered for citing', async () => {
    const { cookie } = await signedInAs(t.app, t.db, 'admin');
    const { questions } = await loadRetrievalEvalSet();
    let address = 0;
    const scores = await scoreRetrieval(questions, async (question) => {
      fake.requests = [];
      address += 1;
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/chat/openai',
        // Each question from its own address: the route allows 30 a minute per address.
        remoteAddress: `10.0.${Math.floor(address / 200)}.${address % 200}`,
        headers: { cookie },
        payload: { messages: [{ role: 'user', content: question }] },
      });
      expect(response.statusCode).toBe(200);
      // Nothing retrieved: the honest answer, and the model is not asked (decision 0063).
      if (fake.requests.length === 0) return [];
      const system = fake.requests[0]!.messages[0]!.content;
      // The prompt numbers each passage as "[n] Title"; map the titles back to slugs.
      const titles = [...system.matchAll(/^\[(\d+)\] (.+)$/gm)].map((match) => match[2]!);
      return titles.map((title) => slugByTitle.get(title) ?? title);
    });
    console.info(`retrieval through the model's prompt: ${formatScores(scores)}`);
    expect(scores.hitAt3).toBeGreaterThanOrEqual(0.9);
    expect(scores.hitAt1).toBeGreaterThanOrEqual(0.7);
  });
});
