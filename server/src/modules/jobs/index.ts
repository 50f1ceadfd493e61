/**
 * The shared job queue for periodic work (pg-boss): jobs are rows in PostgreSQL, so a schedule survives a
 * restart, and each due job is claimed by one instance (`FOR UPDATE SKIP LOCKED`) however many run. A
 * module names its job and a cron expression with `every`; the queue starts when the app is ready and
 * stops before it closes. (Notifications keep their own queue for scheduled sends.)
 */
import { PgBoss } from 'pg-boss';
import type { Database } from '../../db/client.ts';
import type { App } from '../../plugins/root-context.ts';

export interface JobQueue {
  /**
   * Runs `handler` on the cron schedule `cron` (UTC), on one instance per occurrence. Called before the
   * app is ready; the schedule is stored (or updated) when the queue starts.
   */
  every(name: string, cron: string, handler: () => Promise<void>): void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

interface Periodic {
  name: string;
  cron: string;
  handler: () => Promise<void>;
}

export function createJobQueue(
  db: Database,
  options: { log: (message: string, error?: unknown) => void; pollSeconds?: number },
): JobQueue {
  const pool = db.$client;
  const boss = new PgBoss({
    db: { executeSql: (text, values) => pool.query(text, values as unknown[]) },
    superviseIntervalSeconds: 60,
  });
  boss.on('error', (error) => options.log('job queue error', error));
  const periodic: Periodic[] = [];
  let started = false;

  return {
    every(name, cron, handler) {
      if (started) throw new Error(`job ${name} added after the queue started`);
      periodic.push({ name, cron, handler });
    },
    async start() {
      if (periodic.length === 0) return;
      await boss.start();
      started = true;
      for (const job of periodic) {
        // One occurrence queued or running at a time: a slow run is never overtaken by the next one.
        await boss.createQueue(job.name, { policy: 'stately', retryLimit: 2, expireInSeconds: 15 * 60 });
        await boss.schedule(job.name, job.cron, null, { tz: 'UTC' });
        await boss.work(job.name, { pollingIntervalSeconds: options.pollSeconds ?? 30 }, async () => {
          await job.handler();
        });
      }
    },
    async stop() {
      if (!started) return;
      started = false;
      await boss.stop({ graceful: true, timeout: 5_000, close: false });
    },
  };
}

/** The app's one job queue, started when the app is ready and stopped before it closes. */
export function register(app: App, { db }: { db: Database }): JobQueue {
  const jobs = createJobQueue(db, { log: (message, error) => app.log.warn({ err: error }, message) });
  app.addHook('onReady', () => jobs.start());
  app.addHook('preClose', () => jobs.stop());
  return jobs;
}
