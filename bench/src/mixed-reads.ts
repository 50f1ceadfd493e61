import autocannon from 'autocannon';
import { cpuTimesBetween, readMachineCpuTimes, stealPercent } from './machine-steal.ts';
import { percent } from './report/units.ts';
import { watchResidentPeak } from './uploads.ts';

/** The public reads members make most, requested in turn by every connection (anonymous, as on Home). */
export const MIXED_READ_PATHS = [
  '/api/videos/featured',
  '/api/videos/shorts',
  '/api/partners',
  '/api/partners?near=53.4774,-2.2309&radiusKm=200',
  '/api/community/posts',
  '/api/knowledge-points?pageSize=20',
  '/api/knowledge-points?q=interview&pageSize=10',
  '/api/metrics/economic-impact',
] as const;

/**
 * What Chrome sends: browsers always ask for compressed answers, and a load without it measured a server
 * that never compresses (a 17 KB answer cost 2.6 ms of CPU compressed per request, unseen here; 0032).
 */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/**
 * `connections` connections against `origin` for `durationSeconds`, each cycling through the public reads
 * as a browser asks for them.
 */
export function loadMixedReads(origin: string, connections: number, durationSeconds: number) {
  return autocannon({
    url: origin,
    connections,
    duration: durationSeconds,
    headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING },
    requests: MIXED_READ_PATHS.map((path) => ({ method: 'GET' as const, path })),
  });
}

/** Issue 17's goals for this load. */
const P99_GOAL_MS = 25;
const RSS_GOAL_MIB = 250;

export interface MixedReadsResult {
  connections: number;
  durationSeconds: number;
  paths: readonly string[];
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  errors: number;
  non2xx: number;
  rssBeforeMiB: number;
  rssPeakMiB: number;
  /** The machine's CPU time its hypervisor gave other guests during the run, in percent. */
  stealPercent: number | null;
  p99GoalMs: number;
  rssGoalMiB: number;
}

/**
 * Many members reading at once: `connections` connections for `durationSeconds`, each cycling through the
 * public reads, with the server's resident memory sampled every 250 ms.
 */
export async function measureMixedReads(
  origin: string,
  pid: number,
  { connections, durationSeconds }: { connections: number; durationSeconds: number },
): Promise<MixedReadsResult> {
  const rss = await watchResidentPeak(pid);
  try {
    const machineBefore = await readMachineCpuTimes();
    const result = await loadMixedReads(origin, connections, durationSeconds);
    const steal = stealPercent(cpuTimesBetween(machineBefore, await readMachineCpuTimes()));
    return {
      connections,
      durationSeconds,
      paths: MIXED_READ_PATHS,
      requestsPerSecond: Math.round(result.requests.average),
      latencyP50Ms: result.latency.p50,
      latencyP99Ms: result.latency.p99,
      errors: result.errors + result.timeouts,
      non2xx: result.non2xx,
      rssBeforeMiB: Math.round(rss.beforeMiB),
      rssPeakMiB: Math.round(rss.peakMiB),
      stealPercent: steal,
      p99GoalMs: P99_GOAL_MS,
      rssGoalMiB: RSS_GOAL_MIB,
    };
  } finally {
    rss.stop();
  }
}

export function formatMixedReads(result: MixedReadsResult): string[] {
  const verdict = (ok: boolean) => (ok ? 'within' : 'OVER');
  return [
    '',
    `Mixed public reads: ${result.connections} connections for ${result.durationSeconds} s, each cycling through ` +
      `${result.paths.length} paths (anonymous, Accept-Encoding: ${BROWSER_ACCEPT_ENCODING})`,
    `  ${result.requestsPerSecond} req/s, p50 ${result.latencyP50Ms} ms, p99 ${result.latencyP99Ms} ms ` +
      `(${verdict(result.latencyP99Ms < result.p99GoalMs)} the ${result.p99GoalMs} ms goal), ` +
      `${result.errors} errors, ${result.non2xx} non-2xx; hypervisor steal ${percent(result.stealPercent)} ` +
      "of the machine's CPU time",
    `  server RSS ${result.rssBeforeMiB} MiB before, peak ${result.rssPeakMiB} MiB ` +
      `(${verdict(result.rssPeakMiB <= result.rssGoalMiB)} the ${result.rssGoalMiB} MiB goal)`,
  ];
}
