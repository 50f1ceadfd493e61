import type { RouteLighthouse } from '../lighthouse.ts';
import type { BenchResults } from '../results.ts';
import { sectionBlock } from './section.ts';
import { table } from './table.ts';
import { integer } from './units.ts';

export function lighthouseRoutesReport(results: BenchResults): string[] {
  return sectionBlock(
    results,
    'lighthouseRoutes',
    [
      "Lighthouse performance by route (mobile): median of 3 runs, that run's LCP, TBT and CLS; goal 98",
      "CPU index = Lighthouse's benchmarkIndex in that run: this machine's speed then (higher is faster)",
    ],
    formatLighthouseRoutes,
  );
}

/** CLS has no unit: three decimals. */
const metric = (value: number | null, unit: string) =>
  value === null ? 'n/a' : unit === '' ? value.toFixed(3) : `${integer.format(value)} ${unit}`;

function formatLighthouseRoutes(routes: RouteLighthouse[]): string[] {
  return [
    table(
      ['Route', 'Performance', 'Runs', 'LCP', 'TBT', 'CLS', 'CPU index'],
      routes.map((row) => [
        row.route,
        String(row.median.scores.performance ?? 'n/a'),
        row.performanceRuns.map((score) => score ?? 'n/a').join(' / '),
        metric(row.median.metrics.lcpMs, 'ms'),
        metric(row.median.metrics.tbtMs, 'ms'),
        metric(row.median.metrics.cls, ''),
        row.median.benchmarkIndex === null ? 'n/a' : integer.format(row.median.benchmarkIndex),
      ]),
      ['left', 'right', 'right', 'right', 'right', 'right', 'right'],
    ),
  ];
}
