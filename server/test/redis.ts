import { Redis } from 'ioredis';

/** The Redis the multi-instance tests share counts through (CI's machine has one; the product never needs it). */
export const testRedisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether a Redis answers at `testRedisUrl`: the tests that need one skip without it. */
export async function redisAnswers(): Promise<boolean> {
  const probe = new Redis(testRedisUrl, { connectTimeout: 500, maxRetriesPerRequest: 0, lazyConnect: true });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}
