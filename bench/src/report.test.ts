import { expect, it } from 'vitest';
import { formatSummary } from './report/index.ts';
import { emptyResults, type BenchResults } from './results.ts';

const scores = (hitAt1: number, hitAt3: number, mrr: number, nothing: number) => ({
  questions: 71,
  hitAt1,
  hitAt3,
  mrr,
  nothing,
});

/** A run in which only retrieval was measured. */
const results: BenchResults = {
  ...emptyResults(),
  retrieval: {
    rows: [
      {
        set: 'members',
        split: 'held-out',
        before: scores(0.6, 0.8, 0.7, 0.1),
        after: scores(0.81, 0.96, 0.88, 0),
      },
    ],
    offTopic: [
      { split: 'held-out', before: { questions: 12, caught: 0.5 }, after: { questions: 12, caught: 1 } },
    ],
  },
};

it("the retrieval summary prints the figures before issue 41 under each split's current ones", () => {
  const lines = formatSummary(results).split('\n');
  const row = lines.findIndex((line) => line.startsWith('members, held out'));
  expect(lines[row]).toMatch(/71\s+0\.81\s+0\.96\s+0\.88\s+0\.00$/);
  expect(lines[row + 1]).toMatch(/^ {2}before\s+71\s+0\.60\s+0\.80\s+0\.70\s+0\.10$/);
  const offTopic = lines.findIndex((line) => line.startsWith('held out'));
  expect(lines[offTopic]).toMatch(/12\s+1\.00$/);
  expect(lines[offTopic + 1]).toMatch(/^ {2}before\s+12\s+0\.50$/);
});

it('the JavaScript `/` loads is printed against the 155 KB budget', () => {
  const javascript = (totalGzipBytes: number): BenchResults => ({
    ...emptyResults(),
    javascript: {
      files: [{ url: 'http://x/assets/index.js', name: '/assets/index.js', rawBytes: 1, gzipBytes: 1 }],
      totalRawBytes: 1,
      totalGzipBytes,
    },
  });
  expect(formatSummary(javascript(155 * 1024))).toContain('budget ≤ 155.0 KB gzip: ok');
  expect(formatSummary(javascript(168.5 * 1024))).toContain('budget ≤ 155.0 KB gzip: OVER');
});
