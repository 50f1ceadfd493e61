import { describe, expect, it } from 'vitest';
import type { KnowledgePoint } from '@uplift/contracts';
import { createPassageCache } from './passage-cache.ts';

const point = (slug: string): KnowledgePoint => ({
  id: slug,
  slug,
  title: slug,
  body: '',
  topic: 'careers',
  tags: [],
  skillTags: [],
  sourceUrl: null,
});

/** A search that records the questions it was asked, answering each with a point named after it. */
function searchLog() {
  const asked: string[] = [];
  let failing = false;
  return {
    asked,
    fail: (value: boolean) => {
      failing = value;
    },
    search: async (question: string) => {
      asked.push(question);
      if (failing) throw new Error('database away');
      return [point(question)];
    },
  };
}

describe('passages kept for repeated questions', () => {
  it('searches a question once while it is fresh, and again after', async () => {
    let now = 0;
    const log = searchLog();
    const cache = createPassageCache(log.search, { ttlMs: 1_000, maxEntries: 10, now: () => now });
    expect(await cache.get('raise')).toEqual([point('raise')]);
    now = 999;
    expect(await cache.get('raise')).toEqual([point('raise')]);
    expect(log.asked).toEqual(['raise']);
    now = 1_000;
    await cache.get('raise');
    expect(log.asked).toEqual(['raise', 'raise']);
  });

  it('shares a search in flight', async () => {
    const log = searchLog();
    const cache = createPassageCache(log.search, { ttlMs: 1_000, maxEntries: 10 });
    const [first, second] = await Promise.all([cache.get('cv'), cache.get('cv')]);
    expect(first).toBe(second);
    expect(log.asked).toEqual(['cv']);
  });

  it('searches again after clear, a search that was in flight included', async () => {
    const log = searchLog();
    const cache = createPassageCache(log.search, { ttlMs: 60_000, maxEntries: 10 });
    await cache.get('raise');
    const inFlight = cache.get('cv');
    cache.clear();
    await Promise.all([inFlight, cache.get('raise'), cache.get('cv')]);
    expect(log.asked).toEqual(['raise', 'cv', 'raise', 'cv']);
  });

  it('forgets a failed search at once', async () => {
    const log = searchLog();
    const cache = createPassageCache(log.search, { ttlMs: 1_000, maxEntries: 10 });
    log.fail(true);
    await expect(cache.get('cv')).rejects.toThrow('database away');
    log.fail(false);
    expect(await cache.get('cv')).toEqual([point('cv')]);
    expect(log.asked).toEqual(['cv', 'cv']);
  });

  it('keeps at most maxEntries questions, dropping the least recently asked', async () => {
    const log = searchLog();
    const cache = createPassageCache(log.search, { ttlMs: 60_000, maxEntries: 2 });
    await cache.get('a');
    await cache.get('b');
    await cache.get('a'); // now the most recent
    await cache.get('c'); // drops b
    await cache.get('a');
    await cache.get('c');
    expect(log.asked).toEqual(['a', 'b', 'c']);
    await cache.get('b');
    expect(log.asked).toEqual(['a', 'b', 'c', 'b']);
  });
});
