import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The repository's own lint config keeps dateTime.ts the app's one date formatter: these are the ways a
// screen could build its own, each caught outside lib/format and allowed inside it.

// Through a variable: Vite rewrites `new URL('…', import.meta.url)` into an asset address.
const here = import.meta.url;
const repoRoot = decodeURIComponent(new URL('../../../../', here).pathname);
const eslint = new ESLint({ cwd: repoRoot });

async function dateFormattingFlagged(code: string, file: string): Promise<number> {
  const [result] = await eslint.lintText(code, { filePath: `${repoRoot}${file}` });
  return (result?.messages ?? []).filter((message) => message.message.includes('lib/format/dateTime.ts'))
    .length;
}

const ownFormatters = [
  "export const a = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });",
  "export const a = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });",
  'export const a = (iso: string) => new Date(iso).toLocaleDateString();',
  'export const a = (moment: Date) => moment.toLocaleTimeString();',
  'export const a = (iso: string) => new Date(iso).toLocaleString();',
  "export const a = (moment: Date) => moment.toLocaleString(undefined, { month: 'short' });",
];

describe('one date formatter, kept so by lint', () => {
  // The first lint loads the whole configuration and its plugins: seconds on a busy machine, paid here
  // rather than inside the first case's time limit.
  beforeAll(() => dateFormattingFlagged('export {};', 'web/src/lib/format/warm-up.ts'), 60_000);

  it.each(ownFormatters)('flags %s in a feature', async (code) => {
    expect(await dateFormattingFlagged(code, 'web/src/features/example/Example.tsx')).toBe(1);
  });

  it.each(ownFormatters)('allows %s in lib/format', async (code) => {
    expect(await dateFormattingFlagged(code, 'web/src/lib/format/example.ts')).toBe(0);
  });

  it('leaves number formatting alone', async () => {
    const code = [
      'export const a = (count: number) => count.toLocaleString();',
      "export const b = (count: number) => count.toLocaleString('en', { maximumFractionDigits: 0 });",
      'export const c = new Intl.NumberFormat();',
    ].join('\n');
    expect(await dateFormattingFlagged(code, 'web/src/features/example/Example.tsx')).toBe(0);
  });
});
