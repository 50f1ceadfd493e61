import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { onCleanup } from './cleanup.ts';
import { fetchRaw, findFreePort, waitForExit } from './net.ts';

export interface ProductionServer {
  /** e.g. http://127.0.0.1:41234 (no trailing slash). */
  origin: string;
  pid: number;
  stop(): Promise<void>;
}

export interface StartServerOptions {
  repoRoot: string;
  webDistDir: string;
  /** How long the first start (initdb + migrations) may take. */
  readyTimeoutMs?: number;
  /** Extra environment for the server (admin account, Vale upstream, quotas…); wins over the defaults. */
  env?: Record<string, string>;
  /** Node options after those of the start script (`--cpu-prof`, say). */
  nodeOptions?: readonly string[];
}

const READY_PATH = '/api/health';
const STOP_GRACE_MS = 30_000;

/**
 * The environment and node options of the server's `npm start` (`MALLOC_ARENA_MAX=2 node --import
 * ./scripts/preloaded-types.mjs --max-semi-space-size=8 --max-old-space-size=256 src/main.ts`, run in
 * server/), so the bench measures the process as production runs it; the bench starts node itself to know
 * the server's own pid (its memory).
 */
async function productionStart(repoRoot: string) {
  const manifest = JSON.parse(await readFile(path.join(repoRoot, 'server', 'package.json'), 'utf8')) as {
    scripts?: { start?: string };
  };
  const script = manifest.scripts?.start?.trim() ?? '';
  const words = script.split(/\s+/);
  const env: Record<string, string> = {};
  for (let word = words[0]; word && /^[A-Z_]+=/.test(word); word = words[0]) {
    const [name = '', value = ''] = word.split('=', 2);
    env[name] = value;
    words.shift();
  }
  if (words[0] !== 'node' || words.at(-1) !== 'src/main.ts') {
    throw new Error(
      `server/package.json's start script is not "[VAR=value] node [options] src/main.ts": ${script}`,
    );
  }
  return { env, nodeOptions: words.slice(1, -1) };
}

/**
 * Starts `node [start options] server/src/main.ts` in production mode on a free loopback port, with a fresh
 * DATA_DIR (so it runs its own embedded PostgreSQL there), and waits until GET /api/health answers 200.
 */
export async function startProductionServer(options: StartServerOptions): Promise<ProductionServer> {
  const port = await findFreePort();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'uplift-bench-'));
  // Started as root, the embedded PostgreSQL runs as the `postgres` user, which must reach this folder.
  await chmod(dataDir, 0o755);
  const origin = `http://127.0.0.1:${port}`;
  const logTail: string[] = [];

  const start = await productionStart(options.repoRoot);
  const mainFile = path.join(options.repoRoot, 'server', 'src', 'main.ts');
  const nodeOptions = [...start.nodeOptions, ...(options.nodeOptions ?? [])];
  const child = spawn(process.execPath, [...nodeOptions, mainFile], {
    // Where npm runs the start script: its options name files relative to it.
    cwd: path.join(options.repoRoot, 'server'),
    env: {
      ...process.env,
      ...start.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_DIST_DIR: options.webDistDir,
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout, child.stderr]) {
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      for (const line of chunk.split('\n')) {
        if (line.trim() === '') continue;
        logTail.push(line);
        if (logTail.length > 40) logTail.shift();
        process.stderr.write(`[server] ${line}\n`);
      }
    });
  }

  let stopped: Promise<void> | null = null;
  const stop = () => (stopped ??= stopServer(child, dataDir));
  const unregister = onCleanup({
    run: stop,
    now: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    },
  });

  try {
    await waitUntilReady(child, `${origin}${READY_PATH}`, options.readyTimeoutMs ?? 180_000, logTail);
  } catch (error) {
    await stop();
    unregister();
    throw error;
  }

  return {
    origin,
    pid: child.pid ?? -1,
    async stop() {
      await stop();
      unregister();
    },
  };
}

async function waitUntilReady(child: ChildProcess, url: string, timeoutMs: number, logTail: string[]) {
  const deadline = Date.now() + timeoutMs;
  let lastProblem = 'no answer yet';
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `the server exited before it was ready (code ${child.exitCode}, signal ${child.signalCode}); ` +
          `its output is above, prefixed [server]. Last lines:\n    ${logTail.slice(-5).join('\n    ')}`,
      );
    }
    try {
      const response = await fetchRaw(url, 2_000);
      if (response.status === 200) return;
      lastProblem = `GET ${url} answered ${response.status}`;
    } catch (error) {
      lastProblem = error instanceof Error ? error.message : String(error);
    }
    await sleep(250);
  }
  throw new Error(`the server was not ready after ${timeoutMs / 1000} s (${lastProblem})`);
}

/**
 * SIGTERM, then wait: the server drains and stops its embedded PostgreSQL itself. If it hangs, SIGKILL it
 * and stop the PostgreSQL it leaves behind (the pid in postmaster.pid). Finally remove the data folder.
 */
async function stopServer(child: ChildProcess, dataDir: string): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    child.kill('SIGTERM');
    if (!(await waitForExit(child, STOP_GRACE_MS))) {
      console.error(`the server did not stop within ${STOP_GRACE_MS / 1000} s of SIGTERM; killing it`);
      child.kill('SIGKILL');
      await waitForExit(child, 5_000);
    }
  }
  await stopLeftoverPostgres(path.join(dataDir, 'postgres'));
  await rm(dataDir, { recursive: true, force: true, maxRetries: 5 });
}

async function stopLeftoverPostgres(databaseDir: string) {
  const pidText = await readFile(path.join(databaseDir, 'postmaster.pid'), 'utf8').catch(() => null);
  if (pidText === null) return;
  const pid = Number.parseInt(pidText.split('\n')[0] ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0 || !(await isPostgres(pid))) return;
  console.error(`stopping the embedded PostgreSQL the server left running (pid ${pid})`);
  process.kill(pid, 'SIGINT');
  for (let waited = 0; waited < 15_000 && (await isPostgres(pid)); waited += 100) await sleep(100);
  if (await isPostgres(pid)) process.kill(pid, 'SIGKILL');
}

async function isPostgres(pid: number): Promise<boolean> {
  const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
  return cmdline.includes('postgres');
}
