import type { Endpoint } from './http-throughput.ts';

export const VERIFY_PATH = '/api/auth/verify';

/** Endpoints loaded by the throughput bench, in this order. VERIFY_PATH is sent the admin's session cookie. */
export const ENDPOINTS: readonly Endpoint[] = [
  { path: '/api/status', description: 'cheap JSON, no database', fastifyBaseline: true },
  { path: '/api/health', description: 'database round-trip (select 1)' },
  { path: VERIFY_PATH, description: 'session check: the admin session cookie, read from the sessions table' },
  {
    path: '/api/knowledge-points?q=interview&pageSize=10',
    description: 'database read: full-text search of the knowledge points, ranked',
  },
  { path: '/api/knowledge-points?pageSize=20', description: 'database read: plain list of knowledge points' },
  { path: '/api/partners', description: 'database read: the partner directory, first page' },
  {
    path: '/api/partners?near=53.4774,-2.2309&radiusKm=200',
    description:
      'database read: partners near a point (earth_box on a GiST index, ordered by earth_distance)',
  },
  {
    path: '/api/videos/featured',
    description: 'database read: featured videos with premium locks (anonymous)',
  },
  {
    path: '/api/metrics/economic-impact',
    description:
      'impact figures: grouped queries over members, outcomes, skills, training; anonymous answers from the public cache',
  },
  {
    path: '/api/metrics/dashboard-stats?days=30',
    description: 'admin dashboard: daily activity, security and assessment aggregates over 30 days',
  },
  { path: '/api/users?pageSize=25', description: 'admin member list: first page, newest first, with total' },
  {
    path: '/api/community/posts',
    description: 'database read: the community feed, first page, pinned on top, with counts (anonymous)',
  },
];

/** Measured with the admin's session cookie. */
const SIGNED_IN_PATHS = new Set([
  VERIFY_PATH,
  '/api/metrics/dashboard-stats?days=30',
  '/api/users?pageSize=25',
]);

/**
 * `BENCH_ENDPOINTS=/api/users,/api/metrics/dashboard-stats` loads only the endpoints whose path starts with
 * one of these (while working on one row of the table); unset, all of them.
 */
export function endpointsFromEnv(raw = process.env.BENCH_ENDPOINTS): readonly Endpoint[] {
  const prefixes = (raw ?? '')
    .split(',')
    .map((prefix) => prefix.trim())
    .filter(Boolean);
  if (prefixes.length === 0) return ENDPOINTS;
  const chosen = ENDPOINTS.filter((endpoint) => prefixes.some((prefix) => endpoint.path.startsWith(prefix)));
  if (chosen.length === 0) {
    throw new Error(`BENCH_ENDPOINTS: no endpoint starts with ${prefixes.join(' or ')}`);
  }
  return chosen;
}

/** The endpoints to load: those needing the admin's session carry its cookie, or are left out without one. */
export function endpointsToLoad(cookie: string | null, endpoints = endpointsFromEnv()): Endpoint[] {
  return endpoints.flatMap((endpoint): Endpoint[] => {
    if (!SIGNED_IN_PATHS.has(endpoint.path)) return [endpoint];
    return cookie ? [{ ...endpoint, headers: { cookie } }] : [];
  });
}
