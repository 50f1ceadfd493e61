import os from 'node:os';
import type { Result } from 'autocannon';
import { loadMixedReads, MIXED_READ_PATHS } from './mixed-reads.ts';
import { startOwnDatabase } from './own-database.ts';

export interface ScaleOutLoad {
  requestsPerSecond: number;
  /** Each instance's share, in the order they were started. */
  perInstance: number[];
  /** The worse instance's p99. */
  latencyP99Ms: number;
  errors: number;
  non2xx: number;
}

export interface ScaleOutResult {
  cpus: number;
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
  paths: readonly string[];
  oneInstance: ScaleOutLoad;
  twoInstances: ScaleOutLoad;
  /** Two instances' requests per second over one's. */
  ratio: number;
}

export interface ScaleOutSettings {
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
}

/**
 * The mixed public reads against one production server, then the same connections split evenly over it and
 * a second one started on the same PostgreSQL (an embedded one of this section's own), as a load balancer
 * would spread them. Each side gets a warm-up first (JIT, the public-read caches of every instance).
 */
export async function measureScaleOut(
  repoRoot: string,
  webDistDir: string,
  settings: ScaleOutSettings,
  log: (message: string) => void,
): Promise<ScaleOutResult> {
  const database = await startOwnDatabase({ label: 'scale', repoRoot, webDistDir });
  try {
    const first = await database.startServer();
    log(`scale-out: one instance, ${settings.connections} connections for ${settings.durationSeconds} s`);
    const oneInstance = await spreadLoad([first.origin], settings);
    const second = await database.startServer();
    log(`scale-out: the same connections over two instances on one database`);
    const twoInstances = await spreadLoad([first.origin, second.origin], settings);
    return {
      cpus: os.cpus().length,
      ...settings,
      paths: MIXED_READ_PATHS,
      oneInstance,
      twoInstances,
      ratio: twoInstances.requestsPerSecond / oneInstance.requestsPerSecond,
    };
  } finally {
    await database.stop();
  }
}

/** Warms every origin, then loads them all at once with the connections split evenly; sums what they served. */
async function spreadLoad(origins: string[], settings: ScaleOutSettings): Promise<ScaleOutLoad> {
  const share = (index: number) =>
    Math.floor(settings.connections / origins.length) +
    (index < settings.connections % origins.length ? 1 : 0);
  const loadAll = (seconds: number) =>
    Promise.all(origins.map((origin, index) => loadMixedReads(origin, share(index), seconds)));
  if (settings.warmupSeconds > 0) await loadAll(settings.warmupSeconds);
  const results: Result[] = await loadAll(settings.durationSeconds);
  const perInstance = results.map((result) => Math.round(result.requests.average));
  return {
    requestsPerSecond: perInstance.reduce((sum, value) => sum + value, 0),
    perInstance,
    latencyP99Ms: Math.max(...results.map((result) => result.latency.p99)),
    errors: results.reduce((sum, result) => sum + result.errors + result.timeouts, 0),
    non2xx: results.reduce((sum, result) => sum + result.non2xx, 0),
  };
}

export function formatScaleOut(result: ScaleOutResult): string[] {
  const line = (label: string, load: ScaleOutLoad) =>
    `  ${label}: ${load.requestsPerSecond} req/s (${load.perInstance.join(' + ')}), p99 ${load.latencyP99Ms} ms, ` +
    `${load.errors} errors, ${load.non2xx} non-2xx`;
  return [
    `${result.connections} connections for ${result.durationSeconds} s after ${result.warmupSeconds} s of ` +
      `warm-up, cycling through the ${result.paths.length} mixed public reads (anonymous)`,
    line('one instance ', result.oneInstance),
    line('two instances', result.twoInstances),
    `  ratio ${result.ratio.toFixed(2)}x`,
    `  The ceiling is about min(instances, cores free for them): each instance runs its JavaScript on one ` +
      `core, and here ${result.cpus} cores also carry PostgreSQL and the load generator; a 16-core host ` +
      'would show the ratio approaching 2 by the same method.',
  ];
}
