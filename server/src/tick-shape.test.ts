import { describe, expect, it } from 'vitest';
import { keepTickShape } from './tick-shape.ts';

describe('keepTickShape', () => {
  it("keeps one of the tick queue's own entries, the object whose hidden classes it must keep alive", async () => {
    const kept = await keepTickShape();
    // Node's entry: the callback and its arguments, with the async ids under symbols. Anything else (a
    // change in how Node runs ticks) would keep nothing useful alive, and this fails.
    expect(Object.keys(kept)).toEqual(['callback', 'args']);
    expect(Object.getOwnPropertySymbols(kept).map((symbol) => symbol.description)).toEqual(
      expect.arrayContaining(['async_id_symbol', 'trigger_async_id_symbol']),
    );
    // Kept, not captured again: every later call gives the same entry.
    await expect(keepTickShape()).resolves.toBe(kept);
  });
});
