import { spawn } from 'node:child_process';
import { chmod, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { systemFolder } from './embedded-placement.ts';
import { startEmbeddedDatabase, type EmbeddedDatabase } from './embedded.ts';

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
