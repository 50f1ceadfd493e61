import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createResultCache } from './cache.ts';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});
const advance = (ms: number) => vi.setSystemTime(Date.now() + ms);

/** A computation that counts its runs and finishes when told. */
function computation() {
  let runs = 0;
  const pending: Array<(value: number) => void> = [];
  const compute = () => {
    runs += 1;
    return new Promise<number>((resolve) => pending.push(resolve));
  };
  return { compute, runs: () => runs, finish: (value: number) => pending.shift()?.(value) };
}

describe('result cache', () => {
  it('shares one computation among concurrent callers of a key', async () => {
    const cache = createResultCache({ ttlMs: 5_000 });
    const { compute, runs, finish } = computation();
    const answers = [cache.get('a', compute), cache.get('a', compute), cache.get('a', compute)];
    expect(runs()).toBe(1);
    finish(1);
    expect(await Promise.all(answers)).toEqual([1, 1, 1]);
    // Another key is its own computation.
    const other = cache.get('b', compute);
    expect(runs()).toBe(2);
    finish(2);
    expect(await other).toBe(2);
  });

  it('keeps an answer for ttlMs from the start of its computation, then computes again', async () => {
    const cache = createResultCache({ ttlMs: 5_000 });
    const { compute, runs, finish } = computation();
    const first = cache.get('a', compute);
    advance(3_000);
    finish(1);
    expect(await first).toBe(1);
    advance(1_999);
    expect(await cache.get('a', compute)).toBe(1);
    advance(1);
    const second = cache.get('a', compute);
    expect(runs()).toBe(2);
    finish(2);
    expect(await second).toBe(2);
  });

  it('keeps no failure, and a late failure does not drop a newer answer', async () => {
    const cache = createResultCache({ ttlMs: 5_000 });
    let fail: (error: Error) => void = () => undefined;
    const failing = cache.get('a', () => new Promise<number>((_, reject) => (fail = reject)));
    cache.clear();
    const newer = cache.get('a', () => Promise.resolve(2));
    fail(new Error('database gone'));
    await expect(failing).rejects.toThrow('database gone');
    expect(await newer).toBe(2);
    expect(await cache.get('a', () => Promise.resolve(3))).toBe(2);

    await expect(cache.get('b', () => Promise.reject(new Error('once')))).rejects.toThrow('once');
    expect(await cache.get('b', () => Promise.resolve(4))).toBe(4);
  });

  it('computes again after clear, and drops expired keys', async () => {
    const cache = createResultCache({ ttlMs: 5_000 });
    expect(await cache.get('day-1', () => Promise.resolve(1))).toBe(1);
    cache.clear();
    expect(await cache.get('day-1', () => Promise.resolve(2))).toBe(2);
    advance(5_000);
    expect(await cache.get('day-2', () => Promise.resolve(3))).toBe(3);
    expect(cache.size()).toBe(1);
  });
});
