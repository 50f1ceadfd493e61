import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { loadInTurns, TURNS } from './http-throughput.ts';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((done) => server.close(done))));
});

/** A server that answers `ok` and writes down which target each request came to, in arrival order. */
async function recordingServer(name: string, arrivals: string[]): Promise<string> {
  const server = createServer((_request, response) => {
    arrivals.push(name);
    response.end('ok');
  });
  servers.push(server);
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

describe('loading targets in turns', () => {
  it(
    'takes each target in rotation, so both sides meet the same minutes of the machine',
    { timeout: 30_000 },
    async () => {
      const arrivals: string[] = [];
      const connections = 2;
      const a = await recordingServer('a', arrivals);
      const b = await recordingServer('b', arrivals);

      const [first, second] = await loadInTurns(
        [
          { url: a, pid: process.pid },
          { url: b, pid: process.pid },
        ],
        {},
        { connections, durationSeconds: TURNS, warmupSeconds: 0 },
      );

      // Consecutive arrivals at the same target are one turn: a, b, a, b… and never all of a, then all of b.
      const order = arrivals.filter((name, index) => name !== arrivals[index - 1]);
      expect(order).toEqual(Array.from({ length: TURNS }, () => ['a', 'b']).flat());
      // Counted as answered: what arrived, less at most one request in flight per connection as a turn ended.
      for (const [name, result] of [
        ['a', first],
        ['b', second],
      ] as const) {
        const arrived = arrivals.filter((each) => each === name).length;
        expect(result?.totalRequests).toBeLessThanOrEqual(arrived);
        expect(result?.totalRequests).toBeGreaterThanOrEqual(arrived - connections * TURNS);
        // Three turns of about a second each (autocannon stops on its next one-second tick).
        expect(result?.requestsPerSecond).toBeGreaterThan(arrived / TURNS / 2);
        expect(result?.requestsPerSecond).toBeLessThan((arrived / TURNS) * 1.5);
      }
    },
  );
});
