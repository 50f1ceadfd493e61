import { CATEGORY_IDS, type LighthouseResult } from '../lighthouse.ts';
import type { BenchResults } from '../results.ts';
import { sectionBlock } from './section.ts';
import { table } from './table.ts';

export function lighthouseReport(results: BenchResults): string[] {
  return sectionBlock(
    results,
    'lighthouse',
    ['Lighthouse (default mobile form factor and throttling), page /'],
    formatLighthouse,
  );
}

/** The category scores, then the audits that kept each below 100 and Lighthouse's own warnings. */
function formatLighthouse(lh: LighthouseResult): string[] {
  return [
    table(
      [...CATEGORY_IDS],
      [CATEGORY_IDS.map((id) => (lh.scores[id] === null ? 'n/a' : String(lh.scores[id])))],
      CATEGORY_IDS.map(() => 'right'),
    ),
    `Lighthouse ${lh.lighthouseVersion}, ${lh.formFactor}, throttling: ${lh.throttlingMethod}, CPU index ${lh.benchmarkIndex ?? 'n/a'}`,
    ...lh.shortfalls.map((miss) => `  ${miss.category} below 100: ${miss.title} (${miss.id}: ${miss.score})`),
    ...lh.warnings.map((warning) => `  warning: ${warning}`),
  ];
}
