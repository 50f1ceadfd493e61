/**
 * The shared job queue for periodic work (pg-boss): jobs are rows in PostgreSQL, so a schedule survives a
 * restart, and each due job is claimed by one instance (`FOR UPDATE SKIP LOCKED`) however many run. A
 * module names its job and a cron expression with `every`, or a queue of one-off jobs with `queue` and adds
 * jobs to it with `send`; the queue starts when the app is ready and stops before it closes.
 * (Notifications keep their own queue for scheduled sends.)
 */
import { PgBoss, type Clock, type JobResult } from 'pg-boss';
import type { Database } from '../../db/client.ts';
import type { App } from '../../plugins/root-context.ts';

export interface JobQueue {
  /**
   * Runs `handler` on the cron schedule `cron` (UTC), on one instance per occurrence. Called before the
   * app is ready; the schedule is stored (or updated) when the queue starts.
   */
  every(name: string, cron: string, handler: () => Promise<void>): void;
  /**
   * Declares a queue of one-off jobs, each handled on one instance. A handler that throws is retried
   * `retryLimit` times, `retryDelaySeconds` apart and doubling; `job.lastAttempt` says when no retry is left.
   */
  queue<T extends object>(
    name: string,
    options: QueueSettings,
    handler: (job: QueuedJob<T>) => Promise<void>,
  ): void;
  /**
   * Adds a job to a queue declared with `queue`; it is stored in PostgreSQL before this resolves. With
   * `startAfterSeconds`, no worker takes it before then.
   */
  send(name: string, data: object, options?: { startAfterSeconds?: number }): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface QueueSettings {
  retryLimit: number;
  retryDelaySeconds: number;
  /** How often an idle worker looks for new jobs (pg-boss' minimum is 0.5). */
  pollSeconds?: number;
}

export interface QueuedJob<T> {
  id: string;
  data: T;
  /** 0 on the first attempt. */
  retryCount: number;
  /** No retry follows if this attempt fails. */
  lastAttempt: boolean;
}

interface OneOff {
  name: string;
  options: QueueSettings;
  handler: (job: QueuedJob<never>) => Promise<void>;
}

interface Periodic {
  name: string;
  cron: string;
  handler: () => Promise<void>;
}

// The native Date.now, taken before anything can replace the global Date: the queue times its polls with
// it, so a test that fakes Date (to age a reset link by 30 minutes) does not push the next poll that far.
const nativeNow = Date.now;
const queueClock: Clock = {
  now: () => nativeNow(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
  setInterval: (fn, ms) => setInterval(fn, ms),
  clearInterval: (handle) => clearInterval(handle as NodeJS.Timeout),
};

export function createJobQueue(
  db: Database,
  options: { log: (message: string, error?: unknown) => void; pollSeconds?: number },
): JobQueue {
  const pool = db.$client;
  const boss = new PgBoss({
    db: { executeSql: (text, values) => pool.query(text, values as unknown[]) },
    superviseIntervalSeconds: 60,
    clock: queueClock,
  });
  boss.on('error', (error) => options.log('job queue error', error));
  const periodic: Periodic[] = [];
  const oneOffs: OneOff[] = [];
  let started = false;

  return {
    every(name, cron, handler) {
      if (started) throw new Error(`job ${name} added after the queue started`);
      periodic.push({ name, cron, handler });
    },
    queue(name, settings, handler) {
      if (started) throw new Error(`queue ${name} added after the queue started`);
      oneOffs.push({ name, options: settings, handler: handler as OneOff['handler'] });
    },
    async send(name, data, options) {
      if (!oneOffs.some((queue) => queue.name === name)) throw new Error(`no queue named ${name}`);
      await boss.send(
        name,
        data,
        options?.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {},
      );
    },
    async start() {
      if (periodic.length === 0 && oneOffs.length === 0) return;
      await boss.start();
      started = true;
      for (const queue of oneOffs) {
        const { retryLimit, retryDelaySeconds } = queue.options;
        await boss.createQueue(queue.name, {
          retryLimit,
          retryDelay: retryDelaySeconds,
          retryBackoff: true,
          expireInSeconds: 5 * 60,
        });
        // Up to ten jobs a fetch, fetched again at once while batches come back full, each settled on
        // its own: one failing message is retried alone, never its batch.
        await boss.work(
          queue.name,
          {
            pollingIntervalSeconds: queue.options.pollSeconds ?? 2,
            batchSize: 10,
            burstWhenBatchFull: true,
            perJobResults: true,
          },
          async (batch) => {
            const results: JobResult[] = [];
            for (const job of batch) {
              try {
                await queue.handler({
                  id: job.id,
                  data: job.data as never,
                  retryCount: job.retryCount,
                  lastAttempt: job.retryCount >= retryLimit,
                });
                results.push({ id: job.id, status: 'completed' });
              } catch (error) {
                const message = error instanceof Error ? error.message : String(error);
                results.push({ id: job.id, status: 'failed', output: { message } });
              }
            }
            return results;
          },
        );
      }
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
export function register(app: App, { db, pollSeconds }: { db: Database; pollSeconds?: number }): JobQueue {
  const jobs = createJobQueue(db, {
    log: (message, error) => app.log.warn({ err: error }, message),
    ...(pollSeconds === undefined ? {} : { pollSeconds }),
  });
  app.addHook('onReady', () => jobs.start());
  app.addHook('preClose', () => jobs.stop());
  return jobs;
}
