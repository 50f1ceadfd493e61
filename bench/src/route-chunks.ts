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
  /** The admin area: its routes, the chunks only it loads, and any admin chunk another route loads. */
  admin: {
    routes: RouteChunk[];
    onlyAdmin: Array<{ file: string; gzipBytes: number }>;
    onlyAdminGzipBytes: number;
    /** `route: chunk` for every Admin* chunk a non-admin route (or `/`) loads; empty is the goal. */
    loadedByOtherRoutes: string[];
  };
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
  // Admin code (the Admin* page chunks, the admin layout and what only they import) must stay off every
  // other route: members never download the admin area.
  const isAdmin = (route: string) => route.startsWith('/admin');
  const adminRoots = [
    ...pages.filter((entry) => isAdmin(entry.route)).map((entry) => entry.page),
    'AdminLayout',
  ]
    .map(chunkOf)
    .filter((file): file is string => file !== undefined);
  const others = pages.filter((entry) => !isAdmin(entry.route) && entry.route !== '/');
  const otherClosures = others.map((entry) => {
    const file = chunkOf(entry.page);
    return { route: entry.route, files: file ? closure([file]) : new Set<string>() };
  });
  const notAdmin = new Set([...home, ...otherClosures.flatMap((entry) => [...entry.files])]);
  const onlyAdmin = [...closure(adminRoots)]
    .filter((file) => !notAdmin.has(file))
    .map((file) => ({ file, gzipBytes: gzip.get(file) ?? 0 }))
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
  const loadedByOtherRoutes = [{ route: '/', files: home }, ...otherClosures].flatMap(({ route, files }) =>
    [...files].filter((file) => file.startsWith('Admin')).map((file) => `${route}: ${file}`),
  );

  return {
    budgetBytes: ROUTE_CHUNK_BUDGET_BYTES,
    admin: {
      routes: routes.filter((row) => isAdmin(row.route)),
      onlyAdmin,
      onlyAdminGzipBytes: onlyAdmin.reduce((sum, chunk) => sum + chunk.gzipBytes, 0),
      loadedByOtherRoutes,
    },
    routes: REPORTED_ROUTES.flatMap((route) => routes.filter((row) => row.route === route)),
    heaviestRoute,
    charts: files
      .filter((file) => CHART_CHUNK.test(file))
      .map((file) => ({ file, gzipBytes: gzip.get(file) ?? 0 })),
    largestLazyChunk: largest ? { file: largest, gzipBytes: gzip.get(largest) ?? 0 } : null,
    homeGzipBytes: sizeOf(home),
  };
}
