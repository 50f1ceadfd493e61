import { errorMessage } from './cleanup.ts';
import type { SectionError } from './results.ts';

/** Every measured section, by its key in the results. */
export const SECTIONS = [
  'lighthouse',
  'lighthouseRoutes',
  'javascript',
  'vale',
  'retrieval',
  'skills',
  'routeChunks',
  'throughput',
  'uploads',
  'liveFanout',
  'mixedReads',
  'mixedWrites',
  'csvExport',
  'scaleOut',
] as const;
export type Section = (typeof SECTIONS)[number];

/** The sections that need the shared production server: reported as skipped when it does not start. */
export const SHARED_SERVER_SECTIONS: readonly Section[] = [
  'lighthouse',
  'lighthouseRoutes',
  'javascript',
  'vale',
  'throughput',
  'uploads',
  'liveFanout',
  'mixedReads',
  'mixedWrites',
];

const isSection = (name: string): name is Section => (SECTIONS as readonly string[]).includes(name);

/** `BENCH_SECTIONS=throughput,vale` measures those only (while working on one figure); unset, all of them. */
export function sectionsFromEnv(): ReadonlySet<Section> {
  const raw = process.env.BENCH_SECTIONS?.trim();
  if (!raw) return new Set(SECTIONS);
  const names = raw.split(',').map((name) => name.trim());
  const unknown = names.filter((name) => !isSection(name));
  if (unknown.length > 0) {
    throw new Error(`BENCH_SECTIONS: unknown ${unknown.join(', ')} (known: ${SECTIONS.join(', ')})`);
  }
  return new Set(names as Section[]);
}

export interface SectionRunner {
  /** Records why a step produced nothing, in the results and on stderr. */
  fail(step: string, message: string): void;
  /**
   * Runs one step: a section or a step several share ('server', 'session', 'results'). A section left out
   * of BENCH_SECTIONS is not run; a step that throws is recorded as failed. Either way the answer is null,
   * so one broken step never stops the others.
   */
  attempt<T>(step: string, work: () => Promise<T>): Promise<T | null>;
}

export function sectionRunner(wanted: ReadonlySet<Section>, errors: SectionError[]): SectionRunner {
  const fail = (step: string, message: string) => {
    errors.push({ section: step, message });
    console.error(`x ${step}: ${message}`);
  };
  return {
    fail,
    async attempt(step, work) {
      if (isSection(step) && !wanted.has(step)) return null;
      try {
        return await work();
      } catch (error) {
        fail(step, errorMessage(error));
        return null;
      }
    },
  };
}
