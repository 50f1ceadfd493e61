import { formatLiveFanout } from '../live-fanout.ts';
import type { BenchResults } from '../results.ts';
import { sectionBlock } from './section.ts';

export function liveFanoutReport(results: BenchResults): string[] {
  return sectionBlock(
    results,
    'liveFanout',
    ["Live fan-out (a post's creation to its community.post.created event at each /api/events reader)"],
    formatLiveFanout,
  );
}
