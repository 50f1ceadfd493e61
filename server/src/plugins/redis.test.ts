import { randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { fixtureWebDist } from '../../test/app.ts';
import { createTestDatabase } from '../../test/database.ts';
import { redisAnswers, startRedisRelay } from '../../test/redis.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { rateLimitPlugin } from './rate-limit.ts';
import { closeRedis, connectRedis } from './redis.ts';

describe('REDIS_URL naming a Redis that does not answer', () => {
  it('stops start-up with the connection error, rather than starting or hanging', async () => {
    const database = await createTestDatabase();
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: fixtureWebDist,
      REDIS_URL: 'redis://127.0.0.1:1',
    });
    try {
      await expect(buildApp({ config, db: database.db })).rejects.toThrow(
        /^REDIS_URL: Redis did not answer within 5 s \(connect ECONNREFUSED 127\.0\.0\.1:1\)$/,
      );
    } finally {
      await database.drop();
    }
  });
});

const reachable = await redisAnswers();

/** A rate-limited route counted through a relay to the test Redis, and the lines the app logs. */
async function limitedThroughRelay() {
  const relay = await startRedisRelay();
  const messages: string[] = [];
  const app = Fastify({
    logger: { level: 'info', stream: { write: (line: string) => messages.push(JSON.parse(line).msg) } },
  });
  const redis = await connectRedis(relay.url, app.log);
  app.addHook('onClose', () => closeRedis(redis));
  await app.register(rateLimitPlugin, { redis });
  app.get('/limited', { config: { rateLimit: { max: 1, timeWindow: '1 minute' } } }, async () => 'ok');
  // An address of this run's own: the counts live in Redis beyond this test.
  const remoteAddress = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(256)}`;
  return {
    relay,
    redis,
    call: async () => (await app.inject({ url: '/limited', remoteAddress })).statusCode,
    logged: (start: string) => messages.filter((message) => message.startsWith(start)).length,
    async close() {
      await app.close();
      await relay.close();
    },
  };
}

const until = async (done: () => boolean) => {
  while (!done()) await sleep(20);
};

describe.skipIf(!reachable)('Redis lost after start-up', () => {
  it('answers requests uncounted, logs the loss once, and counts again once Redis is back', async () => {
    const { relay, call, logged, close } = await limitedThroughRelay();
    try {
      expect([await call(), await call()]).toEqual([200, 429]);

      await relay.cut();
      expect([await call(), await call()]).toEqual([200, 200]);
      await until(() => logged('Redis unreachable') > 0);
      // Long enough for several reconnection attempts to fail.
      await sleep(500);

      await relay.restore();
      await until(() => logged('Redis answers again') > 0);
      expect(await call()).toBe(429);
      expect(logged('Redis unreachable')).toBe(1);
    } finally {
      await close();
    }
  });
});

describe.skipIf(!reachable)('Redis connected but not answering', () => {
  it('answers requests uncounted after the time-out, logs it once, and logs the return once', async () => {
    const { relay, redis, call, logged, close } = await limitedThroughRelay();
    const batch = () => Promise.all(Array.from({ length: 10 }, call));
    try {
      expect([await call(), await call()]).toEqual([200, 429]);

      relay.silence();
      // The first round waits out the 500 ms command time-out; once Redis is known silent, requests do not
      // wait at all. All go on uncounted.
      for (let round = 0; round < 4; round += 1) expect(await batch()).toEqual(Array(10).fill(200));
      expect(logged('Redis does not answer within 500 ms')).toBe(1);
      expect(logged('Redis unreachable')).toBe(0);
      // Only the first round's commands wait for an answer: the later ones were never sent, where they
      // would pile up request by request for as long as the silence lasts.
      expect(redis.commandQueue.length).toBeLessThanOrEqual(10);

      relay.speak();
      // Within a second a request's command goes through again, and counting resumes.
      await expect.poll(call, { timeout: 5_000 }).toBe(429);
      expect(await call()).toBe(429);
      expect(logged('Redis answers again')).toBe(1);
      expect(logged('Redis does not answer')).toBe(1);
    } finally {
      await close();
    }
  });
});
