import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';
import type { JavaScriptSize } from './bundle-size.ts';
import { formatCsvExport, type CsvExportResult } from './csv-export.ts';
import type { EndpointResult } from './http-throughput.ts';
import { formatLiveFanout, type LiveFanoutResult } from './live-fanout.ts';
import { CATEGORY_IDS, type LighthouseResult, type RouteLighthouse } from './lighthouse.ts';
import { formatMixedReads, type MixedReadsResult } from './mixed-reads.ts';
import { retrievalBefore, type RetrievalResult } from './retrieval.ts';
import type { RouteChunksResult } from './route-chunks.ts';
import { formatScaleOut, type ScaleOutResult } from './scale-out.ts';
import { formatSkills, type SkillsBenchResult } from './skills.ts';
import { formatUploads, type UploadBenchResult } from './uploads.ts';
import type { ValeFirstTokenResult } from './vale.ts';

export interface SectionError {
  section: string;
  message: string;
}

export interface BenchResults {
  generatedAt: string;
  wallClockSeconds: number;
  environment: {
    node: string;
    platform: string;
    arch: string;
    cpus: number;
    cpuModel: string;
    totalMemoryMiB: number;
  };
  settings: {
    connections: number;
    durationSeconds: number;
    warmupSeconds: number;
    endpoints: { path: string; description: string }[];
    valeRequests: number;
    valeWarmupRequests: number;
    valeTokenDelayMs: number;
    chromePath: string;
    webDistDir: string;
    /** What the bench adds to the server's environment (ADMIN_PASSWORD redacted). */
    serverEnv: Record<string, string>;
  };
  throughput: EndpointResult[] | null;
  vale: ValeFirstTokenResult | null;
  retrieval: RetrievalResult | null;
  skills: SkillsBenchResult | null;
  routeChunks: RouteChunksResult | null;
  uploads: UploadBenchResult | null;
  liveFanout: LiveFanoutResult | null;
  mixedReads: MixedReadsResult | null;
  csvExport: CsvExportResult | null;
  scaleOut: ScaleOutResult | null;
  lighthouse: LighthouseResult | null;
  lighthouseRoutes: RouteLighthouse[] | null;
  javascript: JavaScriptSize | null;
  errors: SectionError[];
}

/** Writes the JSON formatted as the repository's Prettier would, so `prettier --check .` stays clean. */
export async function writeResults(file: string, results: BenchResults): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const options = (await resolveConfig(file)) ?? {};
  await writeFile(file, await format(JSON.stringify(results), { ...options, filepath: file }));
}

type Align = 'left' | 'right';

/** Plain-text table: a header row, then rows; columns padded to their widest cell. */
export function table(header: string[], rows: string[][], align: Align[]): string {
  const all = [header, ...rows];
  const widths = header.map((_, column) => Math.max(...all.map((row) => (row[column] ?? '').length)));
  const line = (row: string[]) =>
    row
      .map((cell, column) => {
        const width = widths[column] ?? 0;
        return align[column] === 'right' ? cell.padStart(width) : cell.padEnd(width);
      })
      .join('  ')
      .trimEnd();
  const rule = widths.map((width) => '-'.repeat(width)).join('  ');
  return [line(header), rule, ...rows.map(line)].join('\n');
}

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const ratio = (value: number) => (Number.isFinite(value) ? `${value.toFixed(2)}x` : 'n/a');
const ms = (value: number) => `${value.toFixed(2)} ms`;

export function formatSummary(results: BenchResults): string {
  const { environment: env, settings } = results;
  const out: string[] = [];
  out.push('', '=== Uplift benchmark summary ===');
  out.push(
    `${results.generatedAt} | Node ${env.node} | ${env.cpus} x ${env.cpuModel} | ` +
      `${env.totalMemoryMiB} MiB RAM | wall clock ${results.wallClockSeconds.toFixed(0)} s`,
  );

  out.push(
    '',
    `HTTP throughput: autocannon, ${settings.connections} connections, ${settings.durationSeconds} s per target ` +
      `after a ${settings.warmupSeconds} s warm-up, loopback`,
    'bare = node:http in its own process answering the same bytes and content-type; ratios are uplift/bare',
  );
  if (results.throughput) {
    out.push(
      table(
        [
          'Endpoint',
          'Bytes',
          'Uplift req/s',
          'Bare req/s',
          'req/s ratio',
          'Uplift p99',
          'Bare p99',
          'p99 ratio',
        ],
        results.throughput.map((row) => [
          row.path,
          String(row.responseBytes),
          integer.format(row.uplift.requestsPerSecond),
          integer.format(row.bare.requestsPerSecond),
          ratio(row.rpsRatio),
          ms(row.uplift.latencyP99Ms),
          ms(row.bare.latencyP99Ms),
          ratio(row.p99Ratio),
        ]),
        ['left', 'right', 'right', 'right', 'right', 'right', 'right', 'right'],
      ),
    );
    for (const row of results.throughput) {
      const sent =
        row.requestHeaders.length > 0 ? ` (request headers: ${row.requestHeaders.join(', ')})` : '';
      out.push(`  ${row.path}: ${row.description}${sent}`);
    }
    for (const row of results.throughput) {
      for (const [name, target] of [
        ['uplift', row.uplift],
        ['bare', row.bare],
      ] as const) {
        if (target.non2xx > 0 || target.errors > 0) {
          out.push(
            `  warning: ${row.path} (${name}): ${target.non2xx} non-2xx, ${target.errors} errors, ` +
              `${target.timeouts} timeouts`,
          );
        }
      }
    }
  } else {
    out.push(failed(results, 'throughput'));
  }

  out.push(
    '',
    `Vale time to first token: ${settings.valeRequests} sequential requests each way, alternating, after ` +
      `${settings.valeWarmupRequests} warm-up each way, loopback`,
    `upstream = the tests' fake OpenAI-compatible server (in the bench process), ` +
      `${settings.valeTokenDelayMs} ms after each token; "Vale added" = Vale's percentile minus the upstream's`,
  );
  if (results.vale) {
    const vale = results.vale;
    out.push(
      table(
        ['Path', 'First token', 'p50', 'p99', 'mean'],
        [
          [
            'Upstream direct: POST /v1/chat/completions',
            vale.direct.firstToken,
            ms(vale.direct.p50Ms),
            ms(vale.direct.p99Ms),
            ms(vale.direct.meanMs),
          ],
          [
            'Through Vale: POST /api/chat/public',
            vale.vale.firstToken,
            ms(vale.vale.p50Ms),
            ms(vale.vale.p99Ms),
            ms(vale.vale.meanMs),
          ],
          ['Vale added', '', ms(vale.addedP50Ms), ms(vale.addedP99Ms), ''],
        ],
        ['left', 'left', 'right', 'right', 'right'],
      ),
    );
  } else {
    out.push(failed(results, 'vale'));
  }

  out.push(
    '',
    "Vale's retrieval on the labelled questions (GET /api/knowledge-points?q=, ranked as Vale retrieves)",
  );
  if (results.retrieval) {
    const split = (name: string, scores: RetrievalResult['tune']) => [
      name,
      String(scores.questions),
      scores.hitAt1.toFixed(2),
      scores.hitAt3.toFixed(2),
      scores.mrr.toFixed(2),
    ];
    out.push(
      table(
        ['Questions', 'n', 'hit@1', 'hit@3', 'MRR'],
        [
          split('tuned on', results.retrieval.tune),
          split('  before', retrievalBefore.tune),
          split('held out', results.retrieval.heldOut),
          split('  before', retrievalBefore.heldOut),
        ],
        ['left', 'right', 'right', 'right', 'right'],
      ),
      'before = OR of stemmed words ranked by ts_rank_cd, the retrieval replaced in decision 0015',
    );
  } else {
    out.push(failed(results, 'retrieval'));
  }

  out.push('', 'Skills assessment (in process; simulation on the seeded bank, θ ~ N(0, 1))');
  out.push(...(results.skills ? formatSkills(results.skills) : [failed(results, 'skills')]));

  out.push('', 'Photo uploads (POST /api/profile/upload-image; server time from its Server-Timing header)');
  out.push(...(results.uploads ? formatUploads(results.uploads) : [failed(results, 'uploads')]));

  out.push(
    '',
    "Live fan-out (a post's creation to its community.post.created event at each /api/events reader)",
  );
  out.push(...(results.liveFanout ? formatLiveFanout(results.liveFanout) : [failed(results, 'liveFanout')]));

  out.push(
    ...(results.mixedReads
      ? formatMixedReads(results.mixedReads)
      : ['', 'Mixed public reads', failed(results, 'mixedReads')]),
  );
  out.push('', 'CSV export of the member list (GET /api/users/export.csv, no filter; a server of its own)');
  out.push(...(results.csvExport ? formatCsvExport(results.csvExport) : [failed(results, 'csvExport')]));

  out.push('', 'Scale-out: two production servers on one PostgreSQL against one (servers of their own)');
  out.push(...(results.scaleOut ? formatScaleOut(results.scaleOut) : [failed(results, 'scaleOut')]));

  out.push('', 'Lighthouse (default mobile form factor and throttling), page /');
  if (results.lighthouse) {
    const lh = results.lighthouse;
    out.push(
      table(
        [...CATEGORY_IDS],
        [CATEGORY_IDS.map((id) => (lh.scores[id] === null ? 'n/a' : String(lh.scores[id])))],
        CATEGORY_IDS.map(() => 'right'),
      ),
      `Lighthouse ${lh.lighthouseVersion}, ${lh.formFactor}, throttling: ${lh.throttlingMethod}`,
    );
    for (const miss of lh.shortfalls)
      out.push(`  ${miss.category} below 100: ${miss.title} (${miss.id}: ${miss.score})`);
    for (const warning of lh.warnings) out.push(`  warning: ${warning}`);
  } else {
    out.push(failed(results, 'lighthouse'));
  }

  out.push(
    '',
    "Lighthouse performance by route (mobile): median of 3 runs, that run's LCP, TBT and CLS; goal 98",
  );
  if (results.lighthouseRoutes) {
    const metric = (value: number | null, unit: string) =>
      value === null ? 'n/a' : unit === '' ? value.toFixed(3) : `${integer.format(value)} ${unit}`;
    out.push(
      table(
        ['Route', 'Performance', 'Runs', 'LCP', 'TBT', 'CLS'],
        results.lighthouseRoutes.map((row) => [
          row.route,
          String(row.median.scores.performance ?? 'n/a'),
          row.performanceRuns.map((score) => score ?? 'n/a').join(' / '),
          metric(row.median.metrics.lcpMs, 'ms'),
          metric(row.median.metrics.tbtMs, 'ms'),
          metric(row.median.metrics.cls, ''),
        ]),
        ['left', 'right', 'right', 'right', 'right', 'right'],
      ),
    );
  } else {
    out.push(failed(results, 'lighthouseRoutes'));
  }

  out.push(
    '',
    'JavaScript loaded by / (Lighthouse requests of type Script; gzip level 9; 1 KB = 1024 bytes)',
  );
  if (results.javascript) {
    const js = results.javascript;
    const count = `${js.files.length} file${js.files.length === 1 ? '' : 's'}`;
    out.push(
      table(
        ['File', 'Raw KB', 'Gzip KB'],
        [
          ...js.files.map((file) => [file.name, kb(file.rawBytes), kb(file.gzipBytes)]),
          [`Total (${count})`, kb(js.totalRawBytes), kb(js.totalGzipBytes)],
        ],
        ['left', 'right', 'right'],
      ),
    );
  } else {
    out.push(failed(results, 'javascript'));
  }

  out.push(
    '',
    'Route chunks of the build (gzip level 9): the page chunk, and all a route adds to what / loaded',
  );
  out.push(
    ...(results.routeChunks ? formatRouteChunks(results.routeChunks) : [failed(results, 'routeChunks')]),
  );

  if (results.errors.length > 0) {
    out.push('', 'FAILED to run:');
    for (const error of results.errors) out.push(`  ${error.section}: ${error.message}`);
  }
  return out.join('\n');
}

function failed(results: BenchResults, section: string): string {
  const error = results.errors.find((candidate) => candidate.section === section);
  return `  not measured: ${error?.message ?? 'did not run'}`;
}

function formatRouteChunks(result: RouteChunksResult): string[] {
  const verdict = (bytes: number) => (bytes <= result.budgetBytes ? 'ok' : 'OVER');
  const rows = result.routes.map((row) => [
    row.route,
    row.file,
    kb(row.gzipBytes),
    kb(row.addedGzipBytes),
    verdict(row.addedGzipBytes),
  ]);
  if (result.heaviestRoute) {
    const row = result.heaviestRoute;
    rows.push([
      `heaviest: ${row.route}`,
      row.file,
      kb(row.gzipBytes),
      kb(row.addedGzipBytes),
      verdict(row.addedGzipBytes),
    ]);
  }
  for (const chart of result.charts)
    rows.push(['chart', chart.file, kb(chart.gzipBytes), '', verdict(chart.gzipBytes)]);
  if (result.largestLazyChunk) {
    const chunk = result.largestLazyChunk;
    rows.push(['largest lazy chunk', chunk.file, kb(chunk.gzipBytes), '', verdict(chunk.gzipBytes)]);
  }
  return [
    table(['Route', 'Chunk', 'Gzip KB', 'Route adds KB', `≤ ${kb(result.budgetBytes)} KB`], rows, [
      'left',
      'left',
      'right',
      'right',
      'left',
    ]),
    `/ loads ${kb(result.homeGzipBytes)} KB gzip by the build's static imports (entry, preloads, Home page)`,
    '',
    'Admin chunks (gzip level 9): each admin route, and the chunks no other route loads',
    table(
      ['Route', 'Chunk', 'Gzip KB', 'Route adds KB', `≤ ${kb(result.budgetBytes)} KB`],
      result.admin.routes.map((row) => [
        row.route,
        row.file,
        kb(row.gzipBytes),
        kb(row.addedGzipBytes),
        verdict(row.addedGzipBytes),
      ]),
      ['left', 'left', 'right', 'right', 'left'],
    ),
    `admin-only chunks: ${result.admin.onlyAdmin.length}, ${kb(result.admin.onlyAdminGzipBytes)} KB gzip in all`,
    result.admin.loadedByOtherRoutes.length === 0
      ? 'no admin chunk is loaded by a non-admin route'
      : `WARNING: admin chunks loaded by non-admin routes: ${result.admin.loadedByOtherRoutes.join(', ')}`,
  ];
}
