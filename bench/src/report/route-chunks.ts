import type { BenchResults } from '../results.ts';
import type { RouteChunksResult } from '../route-chunks.ts';
import { sectionBlock } from './section.ts';
import { table } from './table.ts';
import { kb } from './units.ts';

export function routeChunksReport(results: BenchResults): string[] {
  return sectionBlock(
    results,
    'routeChunks',
    ['Route chunks of the build (gzip level 9): the page chunk, and all a route adds to what / loaded'],
    formatRouteChunks,
  );
}

/** The public routes and chunks against the budget, then the admin area's, which no other route should load. */
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
