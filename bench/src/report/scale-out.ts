import type { BenchResults } from '../results.ts';
import { formatScaleOut } from '../scale-out.ts';
import { sectionBlock } from './section.ts';

export function scaleOutReport(results: BenchResults): string[] {
  return sectionBlock(
    results,
    'scaleOut',
    ['Scale-out: two production servers on one PostgreSQL against one (servers of their own)'],
    formatScaleOut,
  );
}
