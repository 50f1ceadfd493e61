import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { signedInAs } from '../../../test/accounts.ts';
import { startFakeOpenAi, type FakeOpenAi } from '../../../test/fake-openai.ts';
import { doneEvent, parseEvents } from '../../../test/sse.ts';
import { seedKnowledgePoints } from '../../seed/knowledge.ts';

/** Decisions 0062 and 0063: an off-topic question gets the honest answer, never unrelated passages. */
describe('an off-topic question, over HTTP, with a model configured', () => {
  let t: TestApp;
  let fake: FakeOpenAi;
  let origin: string;
  let cookie: string;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
    t = await createTestApp({ VALE_BASE_URL: fake.baseURL });
    await seedKnowledgePoints(t.db);
    ({ cookie } = await signedInAs(t.app, t.db, 'member-tier-1'));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const ask = async (message: string) => {
    const response = await fetch(`${origin}/api/chat/message`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ message }),
    });
    expect(response.status).toBe(200);
    return doneEvent(parseEvents(await response.text()));
  };

  it('says Vale has nothing on it, what Vale covers and two places to start, citing nothing', async () => {
    fake.requests = [];
    const done = await ask("What's the weather going to be like in Leeds on Saturday?");
    expect(done.citations).toEqual([]);
    expect(done.content).toMatch(
      /^I don't have anything on that\. I'm Vale, and I cover careers, skills and the Uplift community\./,
    );
    expect(done.content.match(/^- \[.+\]\(\/(skills|community)\)/gm)).toHaveLength(2);
    expect(done.content).not.toMatch(/\[\d\]/);
    // The model is not asked to guess.
    expect(fake.requests).toEqual([]);
  });

  it('still answers an on-topic question from the model, with citations', async () => {
    fake.requests = [];
    const done = await ask('How do I ask my boss for a raise?');
    expect(done.citations.length).toBeGreaterThan(0);
    expect(fake.requests).toHaveLength(1);
  });
});
