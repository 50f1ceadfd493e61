import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export interface RouteChunk {
  route: string;
  /** The lazy page chunk's own file and gzip size. */
  file: string;
  gzipBytes: number;
  /** Everything the route loads that `/` has not loaded already: the page chunk and its static imports. */
  addedGzipBytes: number;
}

export interface RouteChunksResult {
  budgetBytes: number;
  /** The routes the issues ask about, then the route that adds the most. */
  routes: RouteChunk[];
  heaviestRoute: RouteChunk | null;
  /** Chart code, loaded only by the routes that draw charts. */
  charts: Array<{ file: string; gzipBytes: number }>;
  /** The largest chunk `/` does not load, whichever route needs it. */
  largestLazyChunk: { file: string; gzipBytes: number } | null;
  /** Gzip total of the chunks `/` loads (entry, its imports, the Home page's). */
  homeGzipBytes: number;
}

export const ROUTE_CHUNK_BUDGET_BYTES = 60 * 1024;
const REPORTED_ROUTES = [
  '/partners',
  '/skills',
  '/profile',
  '/profile/:id',
  '/community',
  '/community/posts/:id',
];
const CHART_CHUNK = /^(impact|HistoryChart|LineChart|BarChart)-[\w-]+\.js$/;

/** `path: '/x'` … `import('../features/f/Page.tsx')` pairs of the route table, in order. */
async function routePages(repoRoot: string): Promise<Array<{ route: string; page: string }>> {
  const source = await readFile(path.join(repoRoot, 'web', 'src', 'app', 'routeTable.ts'), 'utf8');
  const pairs = source.matchAll(/path: '([^']+)'[^}]*?import\('[^']*\/(\w+)\.tsx'\)/g);
  return [...pairs].map(([, route = '', page = '']) => ({ route, page }));
}

/**
 * Sizes of the built route chunks, read from the build itself: Vite names each lazy page chunk after its
 * module, and a chunk's static imports are `import … from "./name.js"` in its code, so a route's cost is
 * the closure of its page chunk's imports, minus what `/` already loaded.
 */
export async function measureRouteChunks(repoRoot: string, webDistDir: string): Promise<RouteChunksResult> {
  const assets = path.join(webDistDir, 'assets');
  const files = (await readdir(assets)).filter((file) => file.endsWith('.js'));
  const code = new Map<string, string>();
  const gzip = new Map<string, number>();
  for (const file of files) {
    const bytes = await readFile(path.join(assets, file));
    code.set(file, bytes.toString('utf8'));
    gzip.set(file, gzipSync(bytes, { level: 9 }).length);
  }
  const imports = (file: string) =>
    [...(code.get(file) ?? '').matchAll(/(?:import|from)\s*["']\.\/([\w.-]+\.js)["']/g)].map(
      ([, name = '']) => name,
    );
  const closure = (roots: readonly string[]) => {
    const seen = new Set<string>();
    const queue = [...roots];
    for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
      if (seen.has(file) || !code.has(file)) continue;
      seen.add(file);
      queue.push(...imports(file));
    }
    return seen;
  };
  const sizeOf = (set: Iterable<string>) => [...set].reduce((sum, file) => sum + (gzip.get(file) ?? 0), 0);
  const chunkOf = (page: string) => files.find((file) => file.startsWith(`${page}-`));

  const html = await readFile(path.join(webDistDir, 'index.html'), 'utf8');
  const entries = [...html.matchAll(/(?:src|href)="\/assets\/([\w.-]+\.js)"/g)].map(([, file = '']) => file);
  const pages = await routePages(repoRoot);
  const homePage = chunkOf(pages.find((entry) => entry.route === '/')?.page ?? 'HomePage');
  const home = closure([...entries, ...(homePage ? [homePage] : [])]);

  const routes: RouteChunk[] = [];
  for (const { route, page } of pages) {
    const file = chunkOf(page);
    if (!file || route === '/') continue;
    const added = [...closure([file])].filter((name) => !home.has(name));
    routes.push({ route, file, gzipBytes: gzip.get(file) ?? 0, addedGzipBytes: sizeOf(added) });
  }
  const heaviestRoute = routes.reduce<RouteChunk | null>(
    (worst, row) => (!worst || row.addedGzipBytes > worst.addedGzipBytes ? row : worst),
    null,
  );
  const lazy = files.filter((file) => !home.has(file));
  const largest = lazy.reduce<string | null>(
    (worst, file) => (!worst || (gzip.get(file) ?? 0) > (gzip.get(worst) ?? 0) ? file : worst),
    null,
  );
  return {
    budgetBytes: ROUTE_CHUNK_BUDGET_BYTES,
    routes: REPORTED_ROUTES.flatMap((route) => routes.filter((row) => row.route === route)),
    heaviestRoute,
    charts: files
      .filter((file) => CHART_CHUNK.test(file))
      .map((file) => ({ file, gzipBytes: gzip.get(file) ?? 0 })),
    largestLazyChunk: largest ? { file: largest, gzipBytes: gzip.get(largest) ?? 0 } : null,
    homeGzipBytes: sizeOf(home),
  };
}
