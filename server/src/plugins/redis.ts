import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/** How long start-up waits for Redis, retrying meanwhile: time for a Redis started alongside to come up. */
const redisStartupWaitMs = 5_000;

/**
 * A client for counters shared by every instance, returned once Redis answers. A Redis that does not
 * answer by `redisStartupWaitMs` stops start-up with the last connection error: a wrong `REDIS_URL` is
 * found at deploy time, not left quietly counting nothing.
 *
 * Lost later, the client keeps reconnecting (backing off to 2 s, ioredis' default) so counting resumes on
 * its own, but no command waits for it: each fails at once (no offline queue) or after `commandTimeout`
 * on a Redis that accepts but never answers. So callers that can go on without Redis (rate limits) are
 * never held up. The loss and the return are each logged once, not on every attempt.
 */
export async function connectRedis(url: string, log: FastifyBaseLogger): Promise<Redis> {
  const redis = new Redis(url, {
    connectTimeout: 500,
    commandTimeout: 500,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
  });
  let state: 'starting' | 'up' | 'lost' = 'starting';
  let lastError: Error | undefined;
  redis.on('error', (error: Error) => {
    lastError = error;
    if (state !== 'up') return;
    state = 'lost';
    log.error({ err: error }, 'Redis unreachable: shared rate limits are not counted until it answers again');
  });
  redis.on('ready', () => {
    if (state === 'lost') log.info('Redis answers again: shared rate limits are counted');
    state = 'up';
  });

  const ready = await new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), redisStartupWaitMs);
    redis.once('ready', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
  if (!ready) {
    redis.disconnect();
    throw new Error(
      `REDIS_URL: Redis did not answer within ${redisStartupWaitMs / 1000} s ` +
        `(${lastError?.message ?? 'no error reported'})`,
    );
  }
  return redis;
}
