import type { BenchResults } from '../results.ts';
import { csvExportReport } from './csv-export.ts';
import { javascriptReport } from './javascript.ts';
import { lighthouseRoutesReport } from './lighthouse-routes.ts';
import { lighthouseReport } from './lighthouse.ts';
import { liveFanoutReport } from './live-fanout.ts';
import { mixedReadsReport } from './mixed-reads.ts';
import { mixedWritesReport } from './mixed-writes.ts';
import { retrievalReport } from './retrieval.ts';
import { routeChunksReport } from './route-chunks.ts';
import { scaleOutReport } from './scale-out.ts';
import { skillsReport } from './skills.ts';
import { throughputReport } from './throughput.ts';
import { uploadsReport } from './uploads.ts';
import { valeReport } from './vale.ts';

/** The summary's sections, in the order it prints them. */
const SECTION_REPORTS = [
  throughputReport,
  valeReport,
  retrievalReport,
  skillsReport,
  uploadsReport,
  liveFanoutReport,
  mixedReadsReport,
  mixedWritesReport,
  csvExportReport,
  scaleOutReport,
  lighthouseReport,
  lighthouseRoutesReport,
  javascriptReport,
  routeChunksReport,
];

/** The plain-text summary a run prints: the machine, every section's figures, then what failed to run. */
export function formatSummary(results: BenchResults): string {
  const { environment: env } = results;
  const out = [
    '',
    '=== Uplift benchmark summary ===',
    `${results.generatedAt} | Node ${env.node} | ${env.cpus} x ${env.cpuModel} | ` +
      `${env.totalMemoryMiB} MiB RAM | wall clock ${results.wallClockSeconds.toFixed(0)} s`,
  ];
  for (const report of SECTION_REPORTS) out.push(...report(results));
  if (results.errors.length > 0) {
    out.push('', 'FAILED to run:');
    for (const error of results.errors) out.push(`  ${error.section}: ${error.message}`);
  }
  return out.join('\n');
}
