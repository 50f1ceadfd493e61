import { HOME_JAVASCRIPT_BUDGET_BYTES, type JavaScriptSize } from '../bundle-size.ts';
import type { BenchResults } from '../results.ts';
import { sectionBlock } from './section.ts';
import { table } from './table.ts';
import { kb } from './units.ts';

export function javascriptReport(results: BenchResults): string[] {
  return sectionBlock(
    results,
    'javascript',
    ['JavaScript loaded by / (Lighthouse requests of type Script; gzip level 9; 1 KB = 1024 bytes)'],
    formatJavaScript,
  );
}

function formatJavaScript(js: JavaScriptSize): string[] {
  const count = `${js.files.length} file${js.files.length === 1 ? '' : 's'}`;
  return [
    table(
      ['File', 'Raw KB', 'Gzip KB'],
      [
        ...js.files.map((file) => [file.name, kb(file.rawBytes), kb(file.gzipBytes)]),
        [`Total (${count})`, kb(js.totalRawBytes), kb(js.totalGzipBytes)],
      ],
      ['left', 'right', 'right'],
    ),
    `budget ≤ ${kb(HOME_JAVASCRIPT_BUDGET_BYTES)} KB gzip: ${
      js.totalGzipBytes <= HOME_JAVASCRIPT_BUDGET_BYTES ? 'ok' : 'OVER'
    }`,
  ];
}
