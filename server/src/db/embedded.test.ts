import { spawn } from 'node:child_process';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { startEmbeddedDatabase, type EmbeddedDatabase } from './embedded.ts';

async function selectOne(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ one: number }>('select 1 as one')).rows[0]?.one;
  } finally {
    await client.end();
  }
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
    // Never stopped: as if the Node process had been killed with SIGKILL.
    await startEmbeddedDatabase({ dataDir: dir });
    const second = track(await startEmbeddedDatabase({ dataDir: dir }));
    expect(await selectOne(second.url)).toBe(1);
  });
});
