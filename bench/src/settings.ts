import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ScaleOutSettings } from './scale-out.ts';
import { endpointsFromEnv } from './throughput-endpoints.ts';

export interface BenchSettings {
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
}

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** Vale's measured requests stream from the fake upstream with this pause after each token. */
const VALE_TOKEN_DELAY_MS = 5;
const VALE_WARMUP_REQUESTS = 10;

function numberFromEnv(name: string, fallback: number, { min }: { min: number }): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min)
    throw new Error(`${name} must be a number >= ${min} (got "${raw}")`);
  return value;
}

/** The run's settings, recorded with its results; the environment variables are listed in run.ts. */
export function settingsFromEnv(): BenchSettings {
  return {
    connections: Math.round(numberFromEnv('BENCH_CONNECTIONS', 32, { min: 1 })),
    durationSeconds: numberFromEnv('BENCH_DURATION', 6, { min: 1 }),
    warmupSeconds: numberFromEnv('BENCH_WARMUP', 1, { min: 0 }),
    endpoints: endpointsFromEnv().map((endpoint) => ({
      path: endpoint.path,
      description: endpoint.description,
    })),
    valeRequests: Math.round(numberFromEnv('BENCH_VALE_REQUESTS', 100, { min: 1 })),
    valeWarmupRequests: VALE_WARMUP_REQUESTS,
    valeTokenDelayMs: VALE_TOKEN_DELAY_MS,
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    webDistDir: path.resolve(process.env.WEB_DIST_DIR ?? path.join(repoRoot, 'web', 'dist')),
    // Filled in once the shared server's environment is known.
    serverEnv: {},
  };
}

export function mixedReadsFromEnv(): { connections: number; durationSeconds: number } {
  return {
    connections: Math.round(numberFromEnv('BENCH_MIXED_CONNECTIONS', 100, { min: 1 })),
    durationSeconds: numberFromEnv('BENCH_MIXED_DURATION', 60, { min: 1 }),
  };
}

export function mixedWritesFromEnv(): { connections: number; durationSeconds: number } {
  return {
    connections: Math.round(numberFromEnv('BENCH_MIXED_WRITES_CONNECTIONS', 100, { min: 1 })),
    durationSeconds: numberFromEnv('BENCH_MIXED_WRITES_DURATION', 60, { min: 1 }),
  };
}

export function scaleOutFromEnv(warmupSeconds: number): ScaleOutSettings {
  return {
    // Split evenly over the two instances.
    connections: Math.round(numberFromEnv('BENCH_SCALE_OUT_CONNECTIONS', 100, { min: 2 })),
    durationSeconds: numberFromEnv('BENCH_SCALE_OUT_DURATION', 10, { min: 1 }),
    warmupSeconds,
  };
}
