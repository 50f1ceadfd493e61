import { once } from 'node:events';
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
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

export interface RedisRelay {
  /** The relay's address, to use as REDIS_URL. */
  url: string;
  /** Closes the port and every connection, as a network fault would. */
  cut(): Promise<void>;
  /** Listens on the same port again. */
  restore(): Promise<void>;
  /** Keeps connections open and passes commands on, but holds Redis's answers back: a stalled Redis. */
  silence(): void;
  /** Lets the held answers through, in order, and those that follow. */
  speak(): void;
  close(): Promise<void>;
}

/** A TCP relay to the test Redis, on a port of its own, that tests can cut, restore, silence and let speak. */
export async function startRedisRelay(): Promise<RedisRelay> {
  const target = new URL(testRedisUrl);
  const sockets = new Set<Socket>();
  const pairs = new Set<{ client: Socket; upstream: Socket }>();
  let silent = false;
  const server = createServer((client) => {
    const upstream = connect(Number(target.port || 6379), target.hostname);
    const pair = { client, upstream };
    pairs.add(pair);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => {
        sockets.delete(socket);
        pairs.delete(pair);
      });
      socket.on('error', () => [client, upstream].forEach((end) => end.destroy()));
    }
    client.pipe(upstream);
    if (!silent) upstream.pipe(client);
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
    silence() {
      silent = true;
      // Without a destination the answers stay buffered, paused, until piped again.
      for (const { client, upstream } of pairs) upstream.unpipe(client);
    },
    speak() {
      silent = false;
      for (const { client, upstream } of pairs) upstream.pipe(client);
    },
    close: cut,
  };
}
