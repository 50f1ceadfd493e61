import type { EndpointResult } from '../http-throughput.ts';
import type { BenchResults } from '../results.ts';
import { sectionBlock } from './section.ts';
import { table } from './table.ts';
import { integer, micros, ms, percent, ratio } from './units.ts';

export function throughputReport(results: BenchResults): string[] {
  const { settings } = results;
  return sectionBlock(
    results,
    'throughput',
    [
      `HTTP throughput: autocannon, ${settings.connections} connections, ${settings.durationSeconds} s per target ` +
        `after a ${settings.warmupSeconds} s warm-up, loopback`,
      'bare = node:http in its own process answering the same bytes and content-type; ratios are uplift/bare',
      "CPU/req = the server process's CPU time (all threads, 10 ms ticks) over the measured run per request, in µs",
      "steal = the share of the machine's CPU time its hypervisor gave other guests during that run: rows measured " +
        'under different steal are not comparable',
      'uplift = the shared production server after the sections run before this one (docs/decisions/0033); ' +
        'each side is loaded in three turns, rotating with the others (docs/decisions/0044)',
    ],
    formatThroughput,
  );
}

/** The table, what each endpoint is (and the headers it was sent), then any target that answered badly. */
function formatThroughput(rows: EndpointResult[]): string[] {
  const out = [
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
        'CPU/req, uplift / bare',
        'CPU ratio',
        'Steal, uplift / bare',
      ],
      rows.map((row) => [
        row.path,
        String(row.responseBytes),
        integer.format(row.uplift.requestsPerSecond),
        integer.format(row.bare.requestsPerSecond),
        ratio(row.rpsRatio),
        ms(row.uplift.latencyP99Ms),
        ms(row.bare.latencyP99Ms),
        ratio(row.p99Ratio),
        `${micros(row.uplift.cpuMicrosPerRequest)} / ${micros(row.bare.cpuMicrosPerRequest)}`,
        ratio(row.cpuRatio),
        `${percent(row.uplift.stealPercent)} / ${percent(row.bare.stealPercent)}`,
      ]),
      ['left', 'right', 'right', 'right', 'right', 'right', 'right', 'right', 'right', 'right', 'right'],
    ),
  ];
  for (const row of rows) {
    if (!row.fastify) continue;
    const { fastify } = row;
    out.push(
      `  ${row.path}, Fastify alone (one route, the same bytes, no plugins): ` +
        `${integer.format(fastify.requestsPerSecond)} req/s, ${micros(fastify.cpuMicrosPerRequest)} CPU/req; ` +
        `Fastify/bare ${ratio(fastify.requestsPerSecond / row.bare.requestsPerSecond)}, ` +
        `uplift/Fastify ${ratio(row.uplift.requestsPerSecond / fastify.requestsPerSecond)} ` +
        `(CPU ${ratio(row.uplift.cpuMicrosPerRequest / fastify.cpuMicrosPerRequest)})`,
    );
  }
  for (const row of rows) {
    const sent = row.requestHeaders.length > 0 ? ` (request headers: ${row.requestHeaders.join(', ')})` : '';
    out.push(`  ${row.path}: ${row.description}${sent}`);
  }
  for (const row of rows) {
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
  return out;
}
