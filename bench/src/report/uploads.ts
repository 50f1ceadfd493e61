import type { BenchResults } from '../results.ts';
import { formatUploads } from '../uploads.ts';
import { sectionBlock } from './section.ts';

export function uploadsReport(results: BenchResults): string[] {
  return sectionBlock(
    results,
    'uploads',
    ['Photo uploads (POST /api/profile/upload-image; server time from its Server-Timing header)'],
    formatUploads,
  );
}
