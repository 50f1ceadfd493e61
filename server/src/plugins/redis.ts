import type { FastifyBaseLogger } from 'fastify';
import { Redis, type Command } from 'ioredis';

/** How long start-up waits for Redis, retrying meanwhile: time for a Redis started alongside to come up. */
const redisStartupWaitMs = 5_000;
/** How long a command waits for its answer; rate limits and the health check wait no longer. */
const commandTimeoutMs = 500;
/** How ioredis rejects a command that got no answer in `commandTimeout` (it has no event for it). */
const timedOutMessage = 'Command timed out';
/** While Redis does not answer, how often a command is still sent to it, to find out when it does again. */
const silentRetryMs = 1_000;
/** How a command is refused, unsent, while Redis does not answer. */
const silentMessage = 'Redis does not answer: command not sent';

/**
 * A client for counters shared by every instance, returned once Redis answers. A Redis that does not
 * answer by `redisStartupWaitMs` stops start-up with the last connection error: a wrong `REDIS_URL` is
 * found at deploy time, not left quietly counting nothing.
 *
 * Lost later, the client keeps reconnecting (backing off to 2 s, ioredis' default) so counting resumes on
 * its own, but no command waits for it: each fails at once (no offline queue) or after `commandTimeout`
 * on a Redis that accepts but never answers; after such a time-out, at once, unsent, but for one a second.
 * So callers that can go on without Redis (rate limits) are never held up, and unanswered commands do not
 * pile up. Either trouble is logged once when it starts and once when Redis answers again, not on
 * every attempt or command.
 */
export async function connectRedis(url: string, log: FastifyBaseLogger): Promise<Redis> {
  const redis = new Redis(url, {
    connectTimeout: 500,
    commandTimeout: commandTimeoutMs,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
  });
  // 'silent': connected, but commands time out unanswered.
  let state: 'starting' | 'up' | 'lost' | 'silent' = 'starting';
  let lastError: Error | undefined;
  const answersAgain = () => {
    if (state === 'lost' || state === 'silent')
      log.info('Redis answers again: shared rate limits are counted');
    state = 'up';
  };
  redis.on('error', (error: Error) => {
    lastError = error;
    // Fallen silent first, the trouble is logged already; its end still is, on 'ready'.
    if (state === 'silent') state = 'lost';
    if (state !== 'up') return;
    state = 'lost';
    log.error({ err: error }, 'Redis unreachable: shared rate limits are not counted until it answers again');
  });
  redis.on('ready', answersAgain);
  // ioredis emits nothing when a command times out, so every command's outcome is watched here.
  const send = redis.sendCommand.bind(redis);
  const watched = (command: Command, stream?: Parameters<Redis['sendCommand']>[1]) => {
    const sent = send(command, stream);
    command.promise.then(
      () => {
        if (state === 'silent') answersAgain();
      },
      (error: Error) => {
        if (state !== 'up' || error.message !== timedOutMessage) return;
        state = 'silent';
        log.error(
          `Redis does not answer within ${commandTimeoutMs} ms: shared rate limits are not counted until it does`,
        );
      },
    );
    return sent;
  };
  // While Redis is silent, a command sent would wait out its time-out and then stay queued for an answer
  // that may never come: one more per request, for as long as the silence lasts. So commands fail at once
  // instead, unsent, but one a second, which asks whether Redis answers again.
  let lastSentAt = 0;
  redis.sendCommand = (command, stream) => {
    const now = Date.now();
    if (state === 'silent' && now - lastSentAt < silentRetryMs) {
      command.reject(new Error(silentMessage));
      return command.promise;
    }
    lastSentAt = now;
    return watched(command, stream);
  };

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

/** Ends the connection, politely if Redis answers. */
export async function closeRedis(redis: Redis): Promise<void> {
  await redis.quit().catch(() => redis.disconnect());
}
