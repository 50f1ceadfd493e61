import type { BenchResults } from '../results.ts';
import { formatSkills } from '../skills.ts';
import { sectionBlock } from './section.ts';

export function skillsReport(results: BenchResults): string[] {
  return sectionBlock(
    results,
    'skills',
    ['Skills assessment (in process; simulation on the seeded bank, θ ~ N(0, 1))'],
    formatSkills,
  );
}
