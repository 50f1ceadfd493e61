import { describe, expect, it } from 'vitest';
import { MIXED_READ_PATHS } from './mixed-reads.ts';
import { countStatus, nextRequest, READS_PER_WRITE, sumCounts, type StatusCounts } from './mixed-writes.ts';

const counts = (): StatusCounts => ({ ok: 0, throttled: 0, otherClientErrors: 0, serverErrors: 0 });

describe('the mixed read/write load', () => {
  it('sends four reads, then a write: 20 % writes', () => {
    let writes = 0;
    const kinds = Array.from({ length: 100 }, (_, n) => {
      const next = nextRequest(n, writes, true);
      if (next.kind === 'write') writes += 1;
      return next.kind;
    });
    expect(kinds.slice(0, READS_PER_WRITE + 1)).toEqual(['read', 'read', 'read', 'read', 'write']);
    expect(kinds.filter((kind) => kind === 'write')).toHaveLength(20);
  });

  it('reads every public path in turn, none skipped by the writes between them', () => {
    const paths = Array.from({ length: 20 }, (_, n) => nextRequest(n, 0, true)).flatMap((next) =>
      next.kind === 'read' ? [next.path] : [],
    );
    expect(paths.slice(0, MIXED_READ_PATHS.length)).toEqual([...MIXED_READ_PATHS]);
    expect(paths.slice(MIXED_READ_PATHS.length)).toEqual(MIXED_READ_PATHS.slice(0, 8));
  });

  it('rotates answers, reactions, progress and posts, and posts no more once the budget is spent', () => {
    const write = (writes: number, postsLeft: boolean) => {
      const next = nextRequest(READS_PER_WRITE, writes, postsLeft);
      return next.kind === 'write' ? next.write : null;
    };
    expect([0, 1, 2, 3, 4].map((writes) => write(writes, true))).toEqual([
      'answer',
      'reaction',
      'progress',
      'post',
      'answer',
    ]);
    expect(write(3, false)).toBe('answer');
  });

  it('counts 429 apart from the other 4xx, and 5xx', () => {
    const tally = counts();
    for (const status of [200, 201, 204, 304, 429, 429, 400, 409, 404, 500, 503]) countStatus(tally, status);
    expect(tally).toEqual({ ok: 4, throttled: 2, otherClientErrors: 3, serverErrors: 2 });
    expect(sumCounts([tally, tally])).toEqual({ ok: 8, throttled: 4, otherClientErrors: 6, serverErrors: 4 });
  });
});
