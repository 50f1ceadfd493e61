import { formatCsvExport } from '../csv-export.ts';
import type { BenchResults } from '../results.ts';
import { sectionBlock } from './section.ts';

export function csvExportReport(results: BenchResults): string[] {
  return sectionBlock(
    results,
    'csvExport',
    ['CSV export of the member list (GET /api/users/export.csv, no filter; a server of its own)'],
    formatCsvExport,
  );
}
