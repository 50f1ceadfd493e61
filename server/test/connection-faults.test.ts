import { spawn, type ChildProcess } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { once } from 'node:events';
import { chmod, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCookieNames, skillAreaIds } from '@uplift/contracts';
import { embeddedPasswordFile } from '../src/db/embedded.ts';
import { fixtureWebDist } from './app.ts';

const mainModule = fileURLToPath(new URL('../src/main.ts', import.meta.url));
/** The bound: after each fault the app answers 200 again within this long, without a restart. */
const recoveryBoundMs = 5_000;
const terminateRounds = 10;
const killRounds = 3;
const workers = 4;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

/** The embedded postmaster: the server's child running PostgreSQL (a new one after each restart). */
async function postmasterOf(server: number): Promise<number | undefined> {
  for (const entry of await readdir('/proc')) {
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (parent !== server) continue;
    const cmdline = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    if (cmdline.includes('bin/postgres')) return Number(entry);
  }
  return undefined;
}

interface Assessment {
  id: string;
  item: { id: string } | null;
}

interface Tally {
  statuses: Map<number, number>;
  /** 5xx answers other than a 503 MAINTENANCE in the error shape, and requests that got no answer. */
  wrong: string[];
  writes: number;
}

/**
 * Issue 40: a connection that dies inside a transaction must cost its request a 503, never the process.
 * The real server runs as its own Node process (as `npm start` runs it) on its own embedded PostgreSQL,
 * under a write load over HTTP (sign-ins, community posts, assessment answers: each a transaction), while
 * its backends are terminated and its postmaster killed.
 */
describe('connections that die under load', () => {
  let dataDir: string;
  let server: ChildProcess;
  let baseUrl: string;
  let databasePort: number;
  let output = '';
  let exited: string | null = null;
  /** What the supervisor said about the embedded server (restarts, failed attempts). */
  const restarts: string[] = [];
  const tally: Tally = { statuses: new Map(), wrong: [], writes: 0 };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'uplift-connection-faults-'));
    // As root PostgreSQL runs as `postgres`, which must reach its data folder.
    await chmod(dataDir, 0o755);
    const [port, dbPort] = [await freePort(), await freePort()];
    databasePort = dbPort;
    baseUrl = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, [mainModule], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        REDIS_URL: '',
        EMBEDDED_DB_PORT: String(dbPort),
        WEB_DIST_DIR: fixtureWebDist,
        LOG_LEVEL: 'warn',
        BUILD_ID: 'connection-faults',
        // Each worker's requests come from addresses of their own, so per-address limits stay out of the way.
        TRUST_PROXY: 'loopback',
        SKILLS_COOLDOWN_DAYS: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000));
    server.stdout?.on('data', keep);
    server.stderr?.on('data', keep);
    createInterface({ input: server.stdout! }).on('line', (line) => {
      if (line.startsWith('embedded PostgreSQL:')) restarts.push(line);
    });
    server.once('exit', (code, signal) => (exited = signal ?? `code ${code}`));
    for (const started = Date.now(); ; await sleep(250)) {
      if (exited) throw new Error(`the server exited (${exited}) while starting:\n${output}`);
      if (Date.now() - started > 180_000) throw new Error(`the server did not start:\n${output}`);
      const health = await fetch(`${baseUrl}/api/health`).catch(() => null);
      if (health?.status === 200) break;
    }
  }, 200_000);

  afterAll(async () => {
    if (server && !exited) {
      const gone = once(server, 'exit');
      server.kill('SIGTERM');
      await Promise.race([gone, sleep(15_000).then(() => server.kill('SIGKILL'))]);
    }
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  /** One request over HTTP from `address`; every answer is counted, and a wrong one kept for the report. */
  async function call(
    method: string,
    url: string,
    { cookie, body, address }: { cookie?: string; body?: unknown; address: string },
  ) {
    const headers: Record<string, string> = { 'x-forwarded-for': address };
    if (cookie) headers.cookie = cookie;
    if (body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await fetch(`${baseUrl}${url}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
    } catch (error) {
      tally.wrong.push(`${method} ${url}: no answer (${(error as Error).cause ?? (error as Error).message})`);
      return { status: 0, json: null as unknown, cookie: undefined };
    }
    tally.statuses.set(response.status, (tally.statuses.get(response.status) ?? 0) + 1);
    const json: unknown = await response.json().catch(() => null);
    if (response.status >= 500) {
      const { error } = (json ?? {}) as { error?: { code?: string; statusCode?: number } };
      const shaped = response.status === 503 && error?.code === 'MAINTENANCE' && error.statusCode === 503;
      if (!shaped) tally.wrong.push(`${method} ${url}: ${response.status} ${JSON.stringify(json)}`);
    } else if (method !== 'GET') tally.writes += 1;
    const session = response.headers
      .getSetCookie()
      .map((line) => line.split(';')[0]!)
      .find((pair) => pair.startsWith(`${sessionCookieNames.insecure}=`) && !pair.endsWith('='));
    return { status: response.status, json, cookie: session };
  }

  it('keeps the process, answers 503 only, and recovers within 5 s of every fault', async () => {
    const topics = (await call('GET', '/api/community/topics', { address: '10.0.0.1' })).json as {
      items: Array<{ id: string }>;
    };
    const topicId = topics.items[0]?.id;
    expect(topicId).toBeTruthy();

    let stopped = false;
    const password = 'a long enough password 1';
    const runWorker = async (worker: number) => {
      const address = () => `10.${worker}.${randomInt(256)}.${randomInt(1, 255)}`;
      let email = '';
      let cookie: string | undefined;
      let posts = 0;
      let assessment = null as Assessment | null;
      for (let turn = 0; !stopped; turn += 1) {
        if (!email || posts >= 9) {
          // A new member: posts are limited per member and hour.
          const candidate = `faults-${worker}-${turn}-${Date.now()}@example.test`;
          const registered = await call('POST', '/api/auth/register', {
            address: address(),
            body: { email: candidate, password, displayName: `Fault ${worker}` },
          });
          if (registered.status === 201)
            [email, cookie, posts, assessment] = [candidate, registered.cookie, 0, null];
          continue;
        }
        const signedIn = await call('POST', '/api/auth/login', {
          address: address(),
          body: { email, password },
        });
        if (signedIn.cookie) cookie = signedIn.cookie;
        const posted = await call('POST', '/api/community/posts', {
          cookie,
          address: address(),
          body: { topicId, body: `Post ${turn} of worker ${worker}, written while the database fails.` },
        });
        if (posted.status === 201) posts += 1;
        const answered = assessment?.item
          ? await call('POST', `/api/skills/assessments/${assessment.id}/answers`, {
              cookie,
              address: address(),
              body: { itemId: assessment.item.id, choice: randomInt(4) },
            })
          : await call('POST', '/api/skills/assessments', {
              cookie,
              address: address(),
              body: { skills: [skillAreaIds[worker % skillAreaIds.length]] },
            });
        if (answered.status === 200 || answered.status === 201) assessment = answered.json as Assessment;
        else if (answered.status === 409 || answered.status === 400) assessment = null;
      }
    };
    const load = Promise.all(Array.from({ length: workers }, (_, worker) => runWorker(worker)));

    const alive = () => {
      if (exited) throw new Error(`the server process died (${exited}):\n${output}`);
    };
    /** A killed postmaster's backends can answer for a moment: after a kill, only its successor counts. */
    const untilHealthy = async (faultAt: number, killed?: number) => {
      for (;;) {
        alive();
        const postmaster = killed && (await postmasterOf(server.pid!));
        if (killed && (!postmaster || postmaster === killed)) {
          await sleep(50);
          continue;
        }
        const health = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(10_000) }).catch(
          () => null,
        );
        const body = (await health?.json().catch(() => null)) as { status?: string } | null;
        if (health?.status === 200 && body?.status === 'ok') return Date.now() - faultAt;
        if (Date.now() - faultAt > 30_000) throw new Error(`no recovery in 30 s:\n${output}`);
        await sleep(50);
      }
    };
    const maintenance = async <T>(use: (client: pg.Client) => Promise<T>) => {
      const password = (await readFile(embeddedPasswordFile(path.join(dataDir, 'postgres')), 'utf8')).trim();
      // A restarted server refuses connections until it has recovered; health may answer first.
      for (let tries = 0; ; tries += 1) {
        const client = new pg.Client({ host: '127.0.0.1', port: databasePort, user: 'uplift', password });
        client.on('error', () => {});
        try {
          await client.connect();
        } catch (error) {
          if (tries >= 50) throw error;
          await sleep(100);
          continue;
        }
        try {
          return await use(client);
        } finally {
          await client.end().catch(() => {});
        }
      }
    };

    const rounds: Array<{ fault: string; recoveredMs: number }> = [];
    const kills = new Set([3, 7, 11]);
    for (let round = 0; round < terminateRounds + killRounds; round += 1) {
      // Let the load build up transactions in flight after the previous round.
      await sleep(700);
      alive();
      let fault: string;
      let killed: number | undefined;
      const faultAt = Date.now();
      if (kills.has(round)) {
        const postmaster = await postmasterOf(server.pid!);
        expect(postmaster).toBeDefined();
        process.kill(postmaster!, 'SIGKILL');
        killed = postmaster;
        fault = `postmaster ${postmaster} killed`;
      } else {
        // Backends of the app's database that are running a statement or sit in an open transaction; the
        // load keeps some of them in transactions, so the next moment with an idle one is waited for.
        fault = await maintenance(async (client) => {
          for (let tries = 0; ; tries += 1) {
            const { rows } = await client.query<{ state: string; terminated: boolean }>(
              `select state, pg_terminate_backend(pid) as terminated from pg_stat_activity
                where datname = 'uplift' and backend_type = 'client backend' and pid <> pg_backend_pid()
                  and state in ('active', 'idle in transaction')
                  and ($1 or exists (select 1 from pg_stat_activity where datname = 'uplift'
                                     and state = 'idle in transaction'))`,
              [tries >= 100],
            );
            if (rows.length > 0) return `terminated ${rows.map((row) => row.state).join(', ')}`;
            await sleep(10);
          }
        });
      }
      const recoveredMs = await untilHealthy(faultAt, killed);
      rounds.push({ fault, recoveredMs });
    }
    await sleep(500);
    stopped = true;
    await load;
    alive();

    const report = { rounds, statuses: Object.fromEntries(tally.statuses), writes: tally.writes, restarts };
    console.log(`connection faults: ${JSON.stringify(report, null, 2)}`);
    expect(tally.wrong).toEqual([]);
    // The faults landed: requests were cut off, and the load got through between them.
    expect(tally.statuses.get(503) ?? 0).toBeGreaterThan(0);
    expect(tally.writes).toBeGreaterThan(50);
    for (const { fault, recoveredMs } of rounds) {
      expect(recoveredMs, `recovery after ${fault}`).toBeLessThanOrEqual(recoveryBoundMs);
    }
  }, 180_000);
});
