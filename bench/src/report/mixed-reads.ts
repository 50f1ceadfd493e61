import { formatMixedReads } from '../mixed-reads.ts';
import type { BenchResults } from '../results.ts';
import { notMeasured } from './section.ts';

/** formatMixedReads writes the heading itself, as it carries the measured connections and duration. */
export function mixedReadsReport(results: BenchResults): string[] {
  if (results.mixedReads) return formatMixedReads(results.mixedReads);
  return ['', 'Mixed public reads', notMeasured(results, 'mixedReads')];
}
