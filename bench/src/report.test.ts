import { expect, it } from 'vitest';
import { formatSummary } from './report/index.ts';
import { emptyResults, type BenchResults } from './results.ts';

/** A run in which only retrieval was measured. */
const results: BenchResults = {
  ...emptyResults(),
  retrieval: {
    tune: { questions: 72, hitAt1: 0.81, hitAt3: 0.97, mrr: 0.88 },
    heldOut: { questions: 24, hitAt1: 0.92, hitAt3: 0.96, mrr: 0.95 },
  },
};

it("the retrieval summary prints decision 0015's before figures under each split's current ones", () => {
  const lines = formatSummary(results).split('\n');
  const row = (label: string) => lines.findIndex((line) => line.startsWith(label));
  const tune = row('tuned on');
  const heldOut = row('held out');
  expect(lines[tune]).toMatch(/72\s+0\.81\s+0\.97\s+0\.88$/);
  expect(lines[tune + 1]).toMatch(/^ {2}before\s+72\s+0\.49\s+0\.69\s+0\.61$/);
  expect(lines[heldOut]).toMatch(/24\s+0\.92\s+0\.96\s+0\.95$/);
  expect(lines[heldOut + 1]).toMatch(/^ {2}before\s+24\s+0\.63\s+0\.83\s+0\.75$/);
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
