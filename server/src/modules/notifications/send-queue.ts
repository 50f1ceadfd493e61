import { PgBoss } from 'pg-boss';
import type { Database } from '../../db/client.ts';

const queueName = 'notification-send';

export interface SendQueue {
  start(handler: (notificationId: string) => Promise<void>): Promise<void>;
  /** Queues the send of `notificationId` to run at `runAt`; returns the job's id. */
  schedule(notificationId: string, runAt: Date): Promise<string>;
  cancel(jobId: string): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Scheduled sends go through pg-boss: jobs are rows in PostgreSQL, so they survive a restart, and each
 * due job is claimed by one instance (`FOR UPDATE SKIP LOCKED`) however many poll. The send itself also
 * claims its notification row (scheduled -> sending), so even a job run twice sends once.
 * pg-boss runs its statements on the app's own pool rather than a second one of its own.
 */
export function createSendQueue(
  db: Database,
  options: { pollSeconds: number; log: (message: string, error?: unknown) => void },
): SendQueue {
  const pool = db.$client;
  const boss = new PgBoss({
    db: { executeSql: (text, values) => pool.query(text, values as unknown[]) },
    // Clean-ups and monitoring keep the job tables small; one instance at a time does them.
    superviseIntervalSeconds: 60,
  });
  boss.on('error', (error) => options.log('job queue error', error));
  let started = false;

  return {
    async start(handler) {
      await boss.start();
      started = true;
      // Retried a few times a minute apart: a database blip must not lose a send.
      await boss.createQueue(queueName, { retryLimit: 5, retryDelay: 60, expireInSeconds: 15 * 60 });
      await boss.work<{ notificationId: string }>(
        queueName,
        { pollingIntervalSeconds: options.pollSeconds },
        async (jobs) => {
          for (const job of jobs) await handler(job.data.notificationId);
        },
      );
    },
    async schedule(notificationId, runAt) {
      const id = await boss.send(queueName, { notificationId }, { startAfter: runAt });
      if (!id) throw new Error('scheduled send not queued');
      return id;
    },
    async cancel(jobId) {
      await boss.cancel(queueName, jobId);
    },
    async stop() {
      if (!started) return;
      started = false;
      await boss.stop({ graceful: true, timeout: 5_000, close: false });
    },
  };
}
