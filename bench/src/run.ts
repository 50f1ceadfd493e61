/**
 * Uplift benchmark: one run, side by side, against the production server (`npm run bench` builds the web
 * app first, then runs this file).
 *
 *   1. HTTP throughput of each endpoint below vs. a bare node:http server answering the same bytes.
 *   2. Lighthouse (default mobile settings) scores for `/`, in headless system Chromium.
 *   3. Gzipped size (level 9) of all JavaScript `/` loads.
 *
 * Prints a summary and writes bench/results/latest.json. Exits non-zero only when something failed to run,
 * never because of a score or a ratio.
 *
 * Environment: BENCH_DURATION (seconds per target, default 10), BENCH_WARMUP (seconds, default 2),
 * BENCH_CONNECTIONS (default 32), CHROME_PATH (default /usr/bin/chromium; never downloaded),
 * WEB_DIST_DIR (default web/dist).
 */
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureJavaScript } from './bundle-size.ts';
import { errorMessage, installSignalHandlers, runCleanups } from './cleanup.ts';
import { measureThroughput, type Endpoint } from './http-throughput.ts';
import { runLighthouse } from './lighthouse.ts';
import { formatSummary, writeResults, type BenchResults } from './report.ts';
import { startProductionServer } from './server.ts';

/** Endpoints loaded by the throughput bench. Add a real database-backed read endpoint here once it exists. */
const ENDPOINTS: readonly Endpoint[] = [
  { path: '/api/status', description: 'cheap JSON, no database' },
  { path: '/api/health', description: 'database round-trip (select 1), stand-in for a read endpoint' },
];

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const resultsFile = fileURLToPath(new URL('../results/latest.json', import.meta.url));

function numberFromEnv(name: string, fallback: number, { min }: { min: number }): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min)
    throw new Error(`${name} must be a number >= ${min} (got "${raw}")`);
  return value;
}

async function main(): Promise<number> {
  const startedAt = performance.now();
  const settings = {
    connections: Math.round(numberFromEnv('BENCH_CONNECTIONS', 32, { min: 1 })),
    durationSeconds: numberFromEnv('BENCH_DURATION', 10, { min: 1 }),
    warmupSeconds: numberFromEnv('BENCH_WARMUP', 2, { min: 0 }),
    endpoints: ENDPOINTS.map((endpoint) => ({ ...endpoint })),
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    webDistDir: path.resolve(process.env.WEB_DIST_DIR ?? path.join(repoRoot, 'web', 'dist')),
  };
  const cpus = os.cpus();
  const results: BenchResults = {
    generatedAt: new Date().toISOString(),
    wallClockSeconds: 0,
    environment: {
      node: process.version,
      platform: os.platform(),
      arch: os.arch(),
      cpus: cpus.length,
      cpuModel: cpus[0]?.model.trim() ?? 'unknown',
      totalMemoryMiB: Math.round(os.totalmem() / 2 ** 20),
    },
    settings,
    throughput: null,
    lighthouse: null,
    javascript: null,
    errors: [],
  };
  const log = (message: string) => console.error(`> ${message}`);
  const fail = (section: string, message: string) => {
    results.errors.push({ section, message });
    console.error(`x ${section}: ${message}`);
  };
  const attempt = async <T>(section: string, work: () => Promise<T>): Promise<T | null> => {
    try {
      return await work();
    } catch (error) {
      fail(section, errorMessage(error));
      return null;
    }
  };

  const webIndex = path.join(settings.webDistDir, 'index.html');
  const webBuilt = existsSync(webIndex);
  if (!webBuilt) {
    log(
      `WARNING: ${webIndex} is missing; Lighthouse and the JavaScript size will fail (run \`npm run build\`)`,
    );
  }

  try {
    log('starting the production server (fresh DATA_DIR, embedded PostgreSQL)');
    const server = await attempt('server', () =>
      startProductionServer({ repoRoot, webDistDir: settings.webDistDir }),
    );
    if (!server) {
      for (const section of ['lighthouse', 'javascript', 'throughput']) {
        fail(section, 'skipped: the production server did not start');
      }
    } else {
      log(`server ready at ${server.origin} (pid ${server.pid})`);

      log('Lighthouse, mobile, on /');
      results.lighthouse = await attempt('lighthouse', () => {
        if (!webBuilt) {
          throw new Error(
            `web app not built: ${webIndex} is missing; run \`npm run build\` (or \`npm run bench\`)`,
          );
        }
        if (!existsSync(settings.chromePath)) {
          throw new Error(
            `no Chromium at ${settings.chromePath}; set CHROME_PATH (this bench never downloads one)`,
          );
        }
        return runLighthouse(`${server.origin}/`, settings.chromePath);
      });

      const lighthouse = results.lighthouse;
      if (!lighthouse) {
        fail('javascript', 'skipped: needs the script list of the Lighthouse run');
      } else {
        log(`gzip size of the ${lighthouse.scriptUrls.length} script(s) / loads`);
        results.javascript = await attempt('javascript', () => measureJavaScript(lighthouse.scriptUrls));
      }

      const perTarget = settings.warmupSeconds + settings.durationSeconds;
      log(`throughput: ${ENDPOINTS.length} endpoint(s) x 2 targets x ${perTarget} s`);
      results.throughput = await attempt('throughput', () =>
        measureThroughput(server.origin, ENDPOINTS, settings, log),
      );

      log('stopping the production server');
      await attempt('server', () => server.stop());
    }
  } finally {
    await runCleanups();
  }

  results.wallClockSeconds = (performance.now() - startedAt) / 1000;
  await attempt('results', () => writeResults(resultsFile, results));
  console.log(formatSummary(results));
  console.log(`\nResults: ${path.relative(process.cwd(), resultsFile) || resultsFile}`);
  return results.errors.length > 0 ? 1 : 0;
}

installSignalHandlers();
try {
  process.exit(await main());
} catch (error) {
  console.error(`bench failed: ${errorMessage(error)}`);
  await runCleanups();
  process.exit(1);
}
