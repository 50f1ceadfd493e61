import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.ts';
import { signedInAs } from '../../../test/accounts.ts';
import { startFakeOpenAi, type FakeOpenAi } from '../../../test/fake-openai.ts';
import { doneEvent, parseEvents } from '../../../test/sse.ts';
import { profiles } from '../../db/schema.ts';
import { seedKnowledgePoints } from '../../seed/knowledge.ts';

const question = 'How is wage uplift calculated?';
const followUp = 'and if I work part time?';

/** The app on loopback, and a member's conversation with Vale over HTTP. */
async function listening(env: Record<string, string> = {}) {
  const t = await createTestApp(env);
  await seedKnowledgePoints(t.db);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const post = async (path: string, body: unknown, cookie?: string) => {
    const response = await fetch(`${origin}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(200);
    const events = parseEvents(await response.text());
    const meta = events[0];
    return { ...doneEvent(events), conversationId: meta?.type === 'meta' ? meta.conversationId : null };
  };
  /** A member's conversation: each message asked in the same one. */
  const conversation = async (cookie: string) => {
    let id: string | null = null;
    return async (message: string) => {
      const answer = await post(
        '/api/chat/message',
        { message, ...(id ? { conversationId: id } : {}) },
        cookie,
      );
      id = answer.conversationId;
      return answer;
    };
  };
  return { t, post, conversation };
}

const slugs = (answer: { citations: Array<{ slug: string }> }) => answer.citations.map((c) => c.slug);

describe('Vale in a conversation, without a model', () => {
  let app: Awaited<ReturnType<typeof listening>>;
  let cookie: string;
  beforeAll(async () => {
    app = await listening();
    ({ cookie } = await signedInAs(app.t.app, app.t.db, 'member-tier-2'));
  });
  afterAll(() => app.t.close());

  it('retrieves a follow-up in the context of the question before it', async () => {
    const ask = await app.conversation(cookie);
    const first = await ask(question);
    expect(slugs(first)[0]).toBe('how-wage-uplift-is-calculated');
    const next = await ask(followUp);
    expect(slugs(next)[0]).toBe('how-wage-uplift-is-calculated');
    // Asked on its own, the same words are about something else.
    const alone = await (await app.conversation(cookie))(followUp);
    expect(slugs(alone)[0]).not.toBe('how-wage-uplift-is-calculated');

    // A visitor's conversation travels with the request, and is read the same way.
    const visitor = await app.post('/api/chat/public', {
      message: followUp,
      history: [
        { role: 'user', content: question },
        { role: 'assistant', content: first.content },
      ],
    });
    expect(slugs(visitor)[0]).toBe('how-wage-uplift-is-calculated');
  });

  it('makes the previous answer shorter, or puts it in steps, citing what it cited', async () => {
    const ask = await app.conversation(cookie);
    const first = await ask('How do I prepare for a job interview?');
    const shorter = await ask('Make that shorter');
    expect(shorter.citations).toEqual(first.citations);
    const body = (text: string) => text.replace(/\n\n_[^]*_$/, '');
    expect(body(shorter.content).length).toBeLessThan(body(first.content).length / 2);
    // It opens as the first answer did (its first sentence, which may hold a quoted one, then the mark).
    expect(first.content.startsWith(shorter.content.split(/ \[\d\]/)[0]!)).toBe(true);
    expect(shorter.content).toContain('[1]');

    const steps = await ask('in steps please');
    expect(steps.citations).toEqual(first.citations);
    expect(steps.content).toMatch(/^1\. .+\n2\. .+/m);
    expect(steps.content).toContain('[1]');
  });
});

describe('Vale in a conversation, with a model', () => {
  let fake: FakeOpenAi;
  let app: Awaited<ReturnType<typeof listening>>;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
    app = await listening({ VALE_BASE_URL: fake.baseURL });
  });
  afterAll(async () => {
    await app.t.close();
    await fake.close();
  });

  it("sends the model the retrieved passages, the member's context and the conversation", async () => {
    const { cookie, user } = await signedInAs(app.t.app, app.t.db, 'member-tier-1');
    await app.t.db.insert(profiles).values({
      userId: user.id,
      headline: 'Shift supervisor in a supermarket',
      industry: 'retail',
      city: 'Leeds',
      country: 'United Kingdom',
      skills: ['communication'],
    });
    const ask = await app.conversation(cookie);
    const first = await ask(question);
    const next = await ask(followUp);
    expect(slugs(next)[0]).toBe('how-wage-uplift-is-calculated');

    const [system, ...turns] = fake.requests.at(-1)!.messages;
    expect(system?.role).toBe('system');
    // The passages, numbered as the citations are.
    expect(system?.content).toContain(`[1] ${next.citations[0]!.title}\n`);
    expect(system?.content).toMatch(/Hourly pay × usual hours per week/);
    // Who is asking.
    expect(system?.content).toContain(`- Name: ${user.displayName}`);
    expect(system?.content).toContain('- Headline: Shift supervisor in a supermarket');
    expect(system?.content).toContain('- Industry: Retail');
    expect(system?.content).toContain('- Location: Leeds, United Kingdom');
    // The conversation, then the follow-up: each turn once.
    expect(turns).toEqual([
      { role: 'user', content: question },
      { role: 'assistant', content: first.content },
      { role: 'user', content: followUp },
    ]);

    // "Make that shorter" goes to the model with the answer it reshapes and that answer's passages.
    await ask('make that shorter');
    const [reshapeSystem, ...reshapeTurns] = fake.requests.at(-1)!.messages;
    expect(reshapeSystem?.content).toContain(`[1] ${next.citations[0]!.title}\n`);
    expect(reshapeSystem?.content).toMatch(/reshape your previous answer/);
    expect(reshapeTurns.at(-2)).toEqual({ role: 'assistant', content: next.content });
    expect(reshapeTurns.at(-1)).toEqual({ role: 'user', content: 'make that shorter' });
  });

  it('tells the model a visitor is asking, with the conversation the request carries', async () => {
    const visitor = await app.post('/api/chat/public', {
      message: followUp,
      history: [
        { role: 'user', content: question },
        { role: 'assistant', content: 'Annualise both figures [1].' },
      ],
    });
    expect(slugs(visitor)[0]).toBe('how-wage-uplift-is-calculated');
    const [system, ...turns] = fake.requests.at(-1)!.messages;
    expect(system?.content).toContain('The person asking is a visitor who is not signed in.');
    expect(system?.content).toMatch(/\[1\] How wage uplift is calculated\n/);
    expect(turns.map((turn) => turn.role)).toEqual(['user', 'assistant', 'user']);
  });
});
