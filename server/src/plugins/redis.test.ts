import { randomInt } from 'node:crypto';
import { once } from 'node:events';
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { fixtureWebDist } from '../../test/app.ts';
import { createTestDatabase } from '../../test/database.ts';
import { redisAnswers, testRedisUrl } from '../../test/redis.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { rateLimitPlugin } from './rate-limit.ts';

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

/** A TCP relay to the test Redis that can be cut and restored on the same port, as a network fault would. */
async function startRelay() {
  const target = new URL(testRedisUrl);
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(Number(target.port || 6379), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => [client, upstream].forEach((end) => end.destroy()));
    }
    client.pipe(upstream).pipe(client);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const url = new URL(testRedisUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  const cut = async () => {
    if (!server.listening) return;
    const closed = once(server, 'close');
    server.close();
    sockets.forEach((socket) => socket.destroy());
    await closed;
  };
  return {
    url: url.href,
    cut,
    async restore() {
      server.listen(port, '127.0.0.1');
      await once(server, 'listening');
    },
    close: cut,
  };
}

const reachable = await redisAnswers();

describe.skipIf(!reachable)('Redis lost after start-up', () => {
  it('answers requests uncounted, logs the loss once, and counts again once Redis is back', async () => {
    const relay = await startRelay();
    const messages: string[] = [];
    const app = Fastify({
      logger: { level: 'info', stream: { write: (line: string) => messages.push(JSON.parse(line).msg) } },
    });
    const logged = (start: string) => messages.filter((message) => message.startsWith(start)).length;
    const until = async (done: () => boolean) => {
      while (!done()) await sleep(20);
    };
    await app.register(rateLimitPlugin, { redisUrl: relay.url });
    app.get('/limited', { config: { rateLimit: { max: 1, timeWindow: '1 minute' } } }, async () => 'ok');
    // An address of this run's own: the counts live in Redis beyond this test.
    const remoteAddress = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(256)}`;
    const call = async () => (await app.inject({ url: '/limited', remoteAddress })).statusCode;
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
      await app.close();
      await relay.close();
    }
  });
});
