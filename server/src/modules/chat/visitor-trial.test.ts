import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema, chatQuotaSchema } from '@uplift/contracts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { doneEvent, parseEvents } from '../../../test/sse.ts';
import { seedKnowledgePoints } from '../../seed/knowledge.ts';

/**
 * The visitor trial over real HTTP: every browser here reaches the server from 127.0.0.1, as the visitors
 * of a library or a training centre do from their one public address.
 */
describe('the visitor trial, per browser on a shared address', () => {
  let t: TestApp;
  let origin: string;
  beforeAll(async () => {
    t = await createTestApp({ VALE_QUOTA_ANONYMOUS: '2', VALE_QUOTA_ANONYMOUS_PER_ADDRESS: '5' });
    await seedKnowledgePoints(t.db);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  /** A browser: keeps the visitor cookie the first answer sets. */
  function browser() {
    let cookie: string | undefined;
    const headers = () => (cookie ? { cookie } : {});
    return {
      async ask() {
        const response = await fetch(`${origin}/api/chat/public`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers() },
          body: JSON.stringify({ message: 'How do I prepare for a job interview?' }),
        });
        cookie ??= response.headers.get('set-cookie')?.split(';')[0];
        return response;
      },
      async quota() {
        const response = await fetch(`${origin}/api/chat/quota`, { headers: headers() });
        return chatQuotaSchema.parse(await response.json());
      },
    };
  }

  it("gives every browser its own trial, up to the address's daily ceiling", async () => {
    const first = browser();
    for (let i = 0; i < 2; i++) {
      const answer = await first.ask();
      expect(answer.status).toBe(200);
      expect(doneEvent(parseEvents(await answer.text())).quota).toMatchObject({ remaining: 1 - i });
    }
    const spent = await first.ask();
    expect(spent.status).toBe(429);
    expect(apiErrorSchema.parse(await spent.json()).error.message).toMatch(
      /^You've used all 2 of today's free Vale messages in this browser\./,
    );
    expect(await first.quota()).toMatchObject({ used: 2, remaining: 0, limitedBy: 'visitor' });

    // The next visitor on the same network starts with the whole trial: the first one's use is not theirs.
    const second = browser();
    expect(await second.quota()).toMatchObject({ used: 0, remaining: 2, limitedBy: 'visitor' });
    expect((await second.ask()).status).toBe(200);
    expect((await second.ask()).status).toBe(200);

    // Near the address's ceiling (4 of 5 used), a new browser is told it has fewer, and why.
    const third = browser();
    expect(await third.quota()).toMatchObject({ used: 1, remaining: 1, limitedBy: 'address' });
    expect((await third.ask()).status).toBe(200);
    const ceiling = await third.ask();
    expect(ceiling.status).toBe(429);
    expect(Number(ceiling.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(apiErrorSchema.parse(await ceiling.json()).error.message).toMatch(
      /^Today's free Vale messages on your network are used up: everyone on the same internet address shares a ceiling of 5 a day\./,
    );
    // Clearing cookies gets nobody past the ceiling.
    expect(await browser().quota()).toMatchObject({ remaining: 0, limitedBy: 'address' });
    expect((await browser().ask()).status).toBe(429);
  });
});
