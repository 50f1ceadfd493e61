import { spawn } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { systemFolder } from './embedded-placement.ts';
import { embeddedPasswordFile, startEmbeddedDatabase, type EmbeddedDatabase } from './embedded.ts';

const embeddedModule = fileURLToPath(new URL('./embedded.ts', import.meta.url));

async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** The password the repository used to give every data folder. */
const legacyPassword = 'uplift-embedded';

function withPassword(url: string, password: string) {
  const changed = new URL(url);
  changed.password = password;
  return changed.toString();
}

async function selectOne(url: string) {
  return withClient(
    url,
    async (client) => (await client.query<{ one: number }>('select 1 as one')).rows[0]?.one,
  );
}

describe('embedded PostgreSQL', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function dataDir() {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'uplift-embedded-'));
    await chmod(dir, 0o755);
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    return dir;
  }
  function track(database: EmbeddedDatabase) {
    cleanups.push(() => database.stop());
    return database;
  }

  it('initialises on first start, keeps data across a clean restart', async () => {
    const dir = await dataDir();
    const first = await startEmbeddedDatabase({ dataDir: dir });
    const client = new pg.Client({ connectionString: first.url });
    await client.connect();
    await client.query('create table kept (value text)');
    await client.query("insert into kept values ('still here')");
    await client.end();
    await first.stop();

    const second = track(await startEmbeddedDatabase({ dataDir: dir }));
    const again = new pg.Client({ connectionString: second.url });
    await again.connect();
    const { rows } = await again.query<{ value: string }>('select value from kept');
    await again.end();
    expect(rows).toEqual([{ value: 'still here' }]);
  });

  it('gives each data folder a random password of its own, in a file only its owner reads', async () => {
    const dir = await dataDir();
    const first = await startEmbeddedDatabase({ dataDir: dir });
    const file = embeddedPasswordFile(first.databaseDir);
    expect(file).toBe(path.join(dir, 'postgres.password'));
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const password = (await readFile(file, 'utf8')).trim();
    expect(password).toMatch(/^[\w-]{32}$/);
    expect(decodeURIComponent(new URL(first.url).password)).toBe(password);
    await expect(selectOne(withPassword(first.url, legacyPassword))).rejects.toMatchObject({ code: '28P01' });
    await first.stop();

    const second = track(await startEmbeddedDatabase({ dataDir: dir }));
    expect(new URL(second.url).password).toBe(new URL(first.url).password);
    expect(await selectOne(second.url)).toBe(1);
  });

  it('moves a data folder made with the old shared password to a random one, keeping its data', async () => {
    const dir = await dataDir();
    // A folder as the previous code left it: the role signs in with the shared password, and no file.
    const old = await startEmbeddedDatabase({ dataDir: dir });
    await withClient(old.url, async (client) => {
      await client.query('create table kept (value text)');
      await client.query("insert into kept values ('still here')");
      await client.query(`alter role uplift password '${legacyPassword}'`);
    });
    await old.stop();
    await rm(embeddedPasswordFile(old.databaseDir));

    const logged: string[] = [];
    const moved = track(await startEmbeddedDatabase({ dataDir: dir, log: (line) => logged.push(line) }));
    expect(logged.join('\n')).toContain('replaced the embedded PostgreSQL');
    const file = embeddedPasswordFile(moved.databaseDir);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const password = (await readFile(file, 'utf8')).trim();
    expect(password).not.toBe(legacyPassword);
    expect(decodeURIComponent(new URL(moved.url).password)).toBe(password);
    await expect(selectOne(withPassword(moved.url, legacyPassword))).rejects.toMatchObject({ code: '28P01' });
    const rows = await withClient(
      moved.url,
      async (client) => (await client.query('select value from kept')).rows,
    );
    expect(rows).toEqual([{ value: 'still here' }]);
  });

  it('starts after an unclean stop that left a stale postmaster.pid behind', async () => {
    const dir = await dataDir();
    const first = await startEmbeddedDatabase({ dataDir: dir });
    await first.stop();
    // A pid that is certainly not PostgreSQL: a process that has already exited.
    const gone = spawn('true');
    await new Promise((resolve) => gone.on('exit', resolve));
    await writeFile(path.join(dir, 'postgres', 'postmaster.pid'), `${gone.pid}\n${dir}\n`);

    const second = track(await startEmbeddedDatabase({ dataDir: dir }));
    expect(await selectOne(second.url)).toBe(1);
  });

  it('takes over from a server left running by a process that died', async () => {
    const dir = await dataDir();
    // Never stopped: the Node process that started it is killed with SIGKILL.
    const script = `import { startEmbeddedDatabase } from ${JSON.stringify(embeddedModule)};
      await startEmbeddedDatabase({ dataDir: ${JSON.stringify(dir)} });
      process.kill(process.pid, 'SIGKILL');`;
    const orphaning = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: 'inherit' });
    await new Promise((resolve) => orphaning.on('exit', resolve));

    const second = track(await startEmbeddedDatabase({ dataDir: dir }));
    expect(await selectOne(second.url)).toBe(1);
  });

  it('restarts PostgreSQL by itself when it dies', async () => {
    const database = track(await startEmbeddedDatabase({ dataDir: await dataDir() }));
    const killed = database.pid;
    process.kill(killed!, 'SIGKILL');

    await vi.waitFor(async () => expect(await selectOne(database.url)).toBe(1), {
      timeout: 30_000,
      interval: 200,
    });
    expect(database.pid).not.toBe(killed);
  });

  it.runIf(process.getuid?.() === 0)(
    'as root, keeps the data of a DATA_DIR the postgres user cannot reach in a folder of its own',
    async () => {
      const privateHome = await dataDir();
      await chmod(privateHome, 0o700);
      const dir = path.join(privateHome, 'uplift', 'data');
      const logged: string[] = [];
      const first = await startEmbeddedDatabase({ dataDir: dir, log: (line) => logged.push(line) });
      cleanups.push(() => rm(path.dirname(first.databaseDir), { recursive: true, force: true }));
      expect(first.databaseDir.startsWith(`${systemFolder}/data/`)).toBe(true);
      expect(logged.join('\n')).toContain(`data kept in ${first.databaseDir}`);
      await withClient(first.url, (client) => client.query('create table kept (value int)'));
      await first.stop();
      // The same DATA_DIR finds the same database again, and the private folder stayed private.
      const second = track(await startEmbeddedDatabase({ dataDir: dir }));
      expect(second.databaseDir).toBe(first.databaseDir);
      await withClient(second.url, (client) => client.query('select * from kept'));
      expect((await stat(privateHome)).mode & 0o777).toBe(0o700);
    },
  );
});
