import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { apiErrorSchema, knowledgePointListResponseSchema, knowledgePointSchema } from '@uplift/contracts';
import { signedInAs } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { knowledgeTag } from './knowledge-changes.ts';
import { loadKnowledgeSeed, seedKnowledgePoints } from '../../seed/knowledge.ts';

describe('knowledge points', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedKnowledgePoints(t.db);
  });
  afterAll(() => t.close());

  const list = async (query: string) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/knowledge-points${query}` });
    expect(response.statusCode).toBe(200);
    return knowledgePointListResponseSchema.parse(response.json());
  };

  it('ships at least 60 original points over every topic and skill area, seeded idempotently', async () => {
    const seed = await loadKnowledgeSeed();
    expect(seed.length).toBeGreaterThanOrEqual(60);
    expect(new Set(seed.map((point) => point.topic))).toEqual(
      new Set(['careers', 'skills', 'economic-impact', 'using-uplift']),
    );
    const skills = new Set(seed.flatMap((point) => point.skillTags));
    expect(skills.size).toBe(8);
    expect(await seedKnowledgePoints(t.db)).toBe(0);
    expect((await list('?pageSize=1')).total).toBe(seed.length);
  });

  it('paginates', async () => {
    const first = await list('?pageSize=5&page=1');
    const second = await list('?pageSize=5&page=2');
    expect(first.items).toHaveLength(5);
    expect(second.items[0]!.id).not.toBe(first.items[0]!.id);
    const beyond = await list('?pageSize=50&page=99');
    expect(beyond).toMatchObject({ items: [], total: first.total });
  });

  it('searches full text, ranked, with stemming and any-word matching', async () => {
    const result = await list('?q=interviewing%20stories');
    expect(result.total).toBeGreaterThan(0);
    expect(result.items[0]!.title.toLowerCase()).toContain('interview');
    expect((await list('?q=zzqxv')).total).toBe(0);
  });

  it('searches pasted URLs with ports and query syntax as plain words', async () => {
    for (const q of [
      'see localhost:3000/api or https://x.org:8080/a',
      "it's a \\ 'quoted' | & ! <-> :* (interview",
    ]) {
      const result = await list(`?q=${encodeURIComponent(q)}`);
      expect(result.items.length).toBeLessThanOrEqual(20);
    }
    // Words around a URL still find their passages (any word matches).
    const mixed = await list(`?q=${encodeURIComponent('interview stories from localhost:3000/api')}`);
    expect(mixed.items[0]!.title.toLowerCase()).toContain('interview');
  });

  it('filters by topic and skill', async () => {
    const topic = await list('?topic=economic-impact&pageSize=50');
    expect(topic.items.every((point) => point.topic === 'economic-impact')).toBe(true);
    const skill = await list('?skill=leadership&pageSize=50');
    expect(skill.total).toBeGreaterThanOrEqual(3);
    expect(skill.items.every((point) => point.skillTags.includes('leadership'))).toBe(true);
  });

  it('opens one point by id or slug (a citation), 404 otherwise', async () => {
    const [point] = (await list('?pageSize=1')).items;
    const byId = await t.app.inject({ method: 'GET', url: `/api/knowledge-points/${point!.id}` });
    const bySlug = await t.app.inject({ method: 'GET', url: `/api/knowledge-points/${point!.slug}` });
    expect(knowledgePointSchema.parse(byId.json())).toEqual(point);
    expect(bySlug.json()).toEqual(byId.json());
    const missing = await t.app.inject({ method: 'GET', url: '/api/knowledge-points/no-such-point' });
    expect(missing.statusCode).toBe(404);
    expect(apiErrorSchema.parse(missing.json()).error.code).toBe('NOT_FOUND');
  });

  it('rejects a bad query with 400', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/knowledge-points?pageSize=500&topic=nope',
    });
    expect(response.statusCode).toBe(400);
  });

  // The knowledge reads are the same for everyone (plugins/public-cache.ts `sameForEveryone`).
  describe('kept in memory, whoever asked first', () => {
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
});
