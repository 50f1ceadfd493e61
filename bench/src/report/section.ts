import type { BenchResults } from '../results.ts';
import type { Section } from '../sections.ts';

/** The line standing in for a section's figures when it has none: its error, if it recorded one. */
export function notMeasured(results: BenchResults, section: Section): string {
  const error = results.errors.find((candidate) => candidate.section === section);
  return `  not measured: ${error?.message ?? 'did not run'}`;
}

/** A section's block of the summary: a blank line, its heading, then its figures or why there are none. */
export function sectionBlock<S extends Section>(
  results: BenchResults,
  section: S,
  heading: string[],
  format: (result: NonNullable<BenchResults[S]>) => string[],
): string[] {
  const result = results[section];
  return ['', ...heading, ...(result ? format(result) : [notMeasured(results, section)])];
}
