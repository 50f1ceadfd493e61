import { chmod, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser, signIn } from '../../test/accounts.ts';
import { fixtureWebDist } from '../../test/app.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createDatabase, type Database } from './client.ts';
import { startEmbeddedDatabase, type EmbeddedDatabase } from './embedded.ts';
import { applyMigrations } from './migrate.ts';

const timeouts = { connectMs: 1_000, statementMs: 1_500 };
// The slowest way to fail: a pooled connection's statement, given up by the driver a second after the server's limit.
const longestWaitMs = timeouts.statementMs + 1_000 + 1_000;

/** The postmaster and every process it forked (backends, checkpointer, WAL writer…). */
async function serverProcesses(postmaster: number): Promise<number[]> {
  const pids = [postmaster];
  for (const entry of await readdir('/proc')) {
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    // Fields after the command name, which is in parentheses and may hold spaces: state, ppid, …
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (parent === postmaster) pids.push(Number(entry));
  }
  return pids;
}

/** The real application on an embedded PostgreSQL of its own, which this file freezes and kills. */
describe('when the database freezes or dies', () => {
  let dataDir: string;
  let embedded: EmbeddedDatabase;
  let db: Database;
  let app: FastifyInstance;
  let cookie: string;
  let frozen: number[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'uplift-faults-'));
    await chmod(dataDir, 0o755);
    embedded = await startEmbeddedDatabase({ dataDir });
    const admin = new pg.Client({ connectionString: embedded.url });
    await admin.connect();
    await admin.query('create database uplift');
    await admin.end();
    db = createDatabase(embedded.urlFor('uplift'), timeouts);
    await applyMigrations(db);
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: fixtureWebDist });
    app = await buildApp({ config, db });
    await app.ready();
    cookie = await signIn(app, (await createUser(db, 'member-tier-2')).email);
  });

  afterEach(() => {
    for (const pid of frozen.splice(0)) process.kill(pid, 'SIGCONT');
  });

  afterAll(async () => {
    await app?.close();
    await db?.$client.end();
    await embedded?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const readConversations = () => app.inject({ url: '/api/chat/conversations', headers: { cookie } });

  it('answers 503 MAINTENANCE with Retry-After within the time-outs while it is frozen, and serves what needs no database', async () => {
    expect((await readConversations()).statusCode).toBe(200);
    frozen = await serverProcesses(embedded.pid!);
    for (const pid of frozen) process.kill(pid, 'SIGSTOP');

    // Twice: a pooled connection's statement times out first, then opening a new connection does.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const started = Date.now();
      const response = await readConversations();
      expect(Date.now() - started).toBeLessThan(longestWaitMs);
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json()).toMatchObject({
        success: false,
        error: { code: 'MAINTENANCE', statusCode: 503 },
      });
    }

    const status = await app.inject({ url: '/api/status', headers: { cookie } });
    expect(status.statusCode).toBe(200);
    const page = await app.inject({ url: '/chat', headers: { cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const asset = await app.inject({ url: '/index.html', headers: { cookie } });
    expect(asset.statusCode).toBe(200);
  });

  it('answers 503 while it is down, and recovers by itself once the embedded server is restarted', async () => {
    await vi.waitFor(async () => expect((await readConversations()).statusCode).toBe(200), {
      timeout: 15_000,
      interval: 200,
    });
    const killed = embedded.pid!;
    // The whole server at once, as a crash or the OOM killer would: a backend outliving its postmaster
    // for a moment could still answer.
    for (const pid of await serverProcesses(killed)) process.kill(pid, 'SIGKILL');

    const whileDown = await readConversations();
    expect(whileDown.statusCode).toBe(503);
    expect(whileDown.json()).toMatchObject({ error: { code: 'MAINTENANCE' } });

    await vi.waitFor(async () => expect((await readConversations()).statusCode).toBe(200), {
      timeout: 30_000,
      interval: 250,
    });
    expect(embedded.pid).not.toBe(killed);
  });
});
