import { formatMixedWrites } from '../mixed-writes.ts';
import type { BenchResults } from '../results.ts';
import { notMeasured } from './section.ts';

/** formatMixedWrites writes the heading itself, as it carries the measured connections and duration. */
export function mixedWritesReport(results: BenchResults): string[] {
  if (results.mixedWrites) return formatMixedWrites(results.mixedWrites);
  return ['', 'Mixed reads and writes', notMeasured(results, 'mixedWrites')];
}
