import { describe, expect, it } from 'vitest';
import { addedPerPair } from './vale.ts';

describe("Vale's added time, pair by pair", () => {
  it('takes the percentiles of the differences, not the difference of the percentiles', () => {
    // Both paths slow at the same moment (the last pair): a difference of p99s would say Vale adds 0.
    const direct = [1, 1, 1, 1, 9];
    const vale = [3, 3, 3, 3, 9];
    expect(addedPerPair(direct, vale)).toEqual({ p50Ms: 2, p99Ms: 2, meanMs: 1.6 });
  });

  it('keeps a slow Vale request that a slow direct one elsewhere would hide', () => {
    const direct = [1, 1, 1, 1, 8];
    const vale = [2, 2, 2, 9, 2];
    expect(addedPerPair(direct, vale)).toMatchObject({ p50Ms: 1, p99Ms: 8 });
  });

  it('refuses samples that are not pairs', () => {
    expect(() => addedPerPair([1, 2], [3])).toThrow('not pairs');
  });
});
