import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { signedInAs } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { knowledgeTag } from './knowledge-changes.ts';
import { seedKnowledgePoints } from './knowledge.seed.ts';

/** The knowledge reads are the same for everyone (plugins/public-cache.ts `sameForEveryone`). */
describe('knowledge reads kept in memory, whoever asked first', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedKnowledgePoints(t.db);
  });
  afterAll(() => t.close());

  const url = '/api/knowledge-points?pageSize=5';
  const read = (headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity', ...headers } });
  const withoutDate = (response: LightMyRequestResponse) =>
    Object.fromEntries(Object.entries(response.headers).filter(([name]) => name !== 'date'));

  it("keeps a member's read for the next caller, who gets the headers a visitor's own read has", async () => {
    const { cookie } = await signedInAs(t.app, t.db, 'member-tier-1');
    // What a visitor gets when a visitor asked first.
    t.app.publicCache.invalidate(knowledgeTag);
    const visitorFilled = await read();
    await read();

    t.app.publicCache.invalidate(knowledgeTag);
    const member = await read({ cookie });
    expect(member.statusCode).toBe(200);
    // The member's own answer is still never stored by a browser or a proxy.
    expect(member.headers['cache-control']).toBe('no-store');
    expect(t.app.publicCache.read(url)?.payload.toString()).toBe(member.body);

    const visitor = await read();
    expect(visitor.body).toBe(member.body);
    expect(visitor.headers['cache-control']).toBeUndefined();
    expect(withoutDate(visitor)).toEqual(withoutDate(visitorFilled));
    // And the next member is answered from memory too, still no-store.
    const nextMember = await read({ cookie });
    expect(nextMember.body).toBe(member.body);
    expect(nextMember.headers['cache-control']).toBe('no-store');
  });
});
