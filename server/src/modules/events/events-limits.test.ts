import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { liveEventSchema, liveResyncEventType, type LiveEvent } from '@uplift/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { signedInAs, signIn, testPassword } from '../../../test/accounts.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/database.ts';
import { startInstance, type Instance } from '../../../test/instance.ts';
import { openLiveStream, settle, type LiveStream } from '../../../test/live-events.ts';
import { createEventBus, type EventBus } from './index.ts';

let database: TestDatabase;
let instance: Instance;
let bus: EventBus;
const streams: LiveStream[] = [];

async function stream(options: { cookie?: string; lastEventId?: string } = {}) {
  const opened = await openLiveStream(instance.url, options);
  streams.push(opened);
  return opened;
}

/** Waits for something the server does in its own time, polling with real timers (never fake ones). */
async function until(condition: () => boolean, what: string, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await settle(20);
  }
}

/** Publishes `count` events in one transaction: their NOTIFYs all arrive together at its commit. */
async function publishMany(count: number, type: string, payload: Record<string, unknown> = {}) {
  return instance.db.transaction(async (tx) => {
    const published = [];
    for (let n = 0; n < count; n += 1)
      published.push(await bus.publish({ type, payload: { ...payload, n } }, tx));
    return published;
  });
}

beforeAll(async () => {
  database = await createTestDatabase();
  instance = await startInstance(database.url);
  bus = createEventBus(instance.db);
});

afterEach(() => {
  vi.useRealTimers();
  for (const opened of streams.splice(0)) opened.close();
});

afterAll(async () => {
  await instance.app.close();
  await instance.db.$client.end();
  await database.drop();
});

describe('GET /api/events stream caps', () => {
  it('holds 20 anonymous streams per address at most, apart from the streams of a signed-in member', async () => {
    const open = await Promise.all(Array.from({ length: 20 }, () => stream()));
    expect(open.map((opened) => opened.status)).toEqual(Array(20).fill(200));

    const refused = await fetch(`${instance.url}/api/events`);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(await refused.json()).toMatchObject({
      error: { code: 'RATE_LIMITED', message: expect.stringMatching(/At most 20 live connections/) },
    });
    // A member counts against their own cap of 5, not the address's.
    const member = await signedInAs(instance.app, instance.db, 'member-tier-1');
    expect((await stream({ cookie: member.cookie })).status).toBe(200);

    open[0]?.close();
    await settle(200);
    expect((await stream()).status).toBe(200);
    const full = await fetch(`${instance.url}/api/events`);
    expect(full.status).toBe(429);
    await full.body?.cancel();
  });
});

describe('GET /api/events heartbeat', () => {
  it('sends a comment line after every 15 s of the stream, and stops when the client leaves', async () => {
    // Only intervals are faked: the HTTP client, the database and `until` keep real time.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const client = await stream();
    await until(() => client.comments.includes('connected'), 'the opening comment');

    vi.advanceTimersByTime(14_999);
    await settle(100);
    expect(client.comments).toEqual(['connected']);
    vi.advanceTimersByTime(1);
    await until(() => client.comments.length === 2, 'the first heartbeat');
    vi.advanceTimersByTime(15_000);
    await until(() => client.comments.length === 3, 'the second heartbeat');
    expect(client.comments).toEqual(['connected', 'heartbeat', 'heartbeat']);
    expect(client.events).toEqual([]);

    // The stream's interval is its only timer; it is cleared once the server sees the client go.
    expect(vi.getTimerCount()).toBe(1);
    client.close();
    await until(() => vi.getTimerCount() === 0, 'the heartbeat to stop');
  });
});

describe('GET /api/events catch-up cap', () => {
  it('replays exactly 500 missed events, then goes on live', async () => {
    const seen = await bus.publish({ type: 'test.seen' });
    const missed = await publishMany(500, 'test.missed-500');

    const client = await stream({ lastEventId: String(seen.id) });
    await bus.publish({ type: 'test.live-after-500' });
    await client.waitFor((event) => event.type === 'test.live-after-500');
    expect(client.events.map((event) => event.id)).toEqual([
      ...missed.map((event) => String(event.id)),
      expect.any(String),
    ]);
    expect(client.events.map((event) => event.type)).not.toContain(liveResyncEventType);
  });

  it('sends one live.resync instead of the events when more than 500 were missed, then goes on live', async () => {
    const seen = await bus.publish({ type: 'test.seen' });
    await publishMany(501, 'test.missed-501');

    const client = await stream({ lastEventId: String(seen.id) });
    await bus.publish({ type: 'test.live-after-501' });
    await client.waitFor((event) => event.type === 'test.live-after-501');
    expect(client.events.map((event) => event.type)).toEqual([liveResyncEventType, 'test.live-after-501']);
    // It stands for the gap, not for an event in the table, so it carries no event id of its own.
    expect(client.events[0]).toMatchObject({ id: '0', data: {} });
  });
});

/** How far behind (bytes written but not yet sent) the next /api/events response got before it ended. */
function watchNextStreamBacklog(server: Server) {
  const watched = { mostUnsentWhileOpen: 0, unsentWhenEnded: null as number | null };
  const onRequest = (request: IncomingMessage, response: ServerResponse) => {
    if (!request.url?.startsWith('/api/events')) return;
    server.off('request', onRequest);
    const { write, end } = response;
    let unsentAfterLatestWrite = 0;
    response.write = function (this: ServerResponse, ...args: unknown[]) {
      // The previous write did not end the stream, so its backlog was tolerated.
      if (watched.unsentWhenEnded === null)
        watched.mostUnsentWhileOpen = Math.max(watched.mostUnsentWhileOpen, unsentAfterLatestWrite);
      const accepted = Reflect.apply(write, this, args) as boolean;
      unsentAfterLatestWrite = this.writableLength;
      return accepted;
    } as ServerResponse['write'];
    response.end = function (this: ServerResponse, ...args: unknown[]) {
      watched.unsentWhenEnded ??= this.writableLength;
      return Reflect.apply(end, this, args) as ServerResponse;
    } as ServerResponse['end'];
  };
  server.on('request', onRequest);
  return watched;
}

/** Parses a whole event stream body the way test/live-events.ts does. */
function eventsIn(body: string): LiveEvent[] {
  return body
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => liveEventSchema.parse(JSON.parse(line.slice(6))));
}

describe('GET /api/events slow clients', () => {
  it('cuts off a client more than 1 MB behind; it catches up from the table when it reconnects', async () => {
    const backlog = watchNextStreamBacklog(instance.app.server);
    const slow = await fetch(`${instance.url}/api/events`); // never read until it is cut off
    const steady = await stream();
    // About 2 KB an event; batches until the slow client's backlog passes 1 MB beyond what the sockets hold.
    const pad = 'x'.repeat(1_900);
    const published: number[] = [];
    for (let batch = 0; backlog.unsentWhenEnded === null; batch += 1) {
      if (batch === 100) throw new Error('the slow client was never cut off (20 MB sent)');
      const sent = await publishMany(100, 'test.bulk', { pad });
      published.push(...sent.map((event) => event.id));
      const last = String(sent.at(-1)?.id);
      await steady.waitFor((event) => event.id === last);
    }
    expect(backlog.mostUnsentWhileOpen).toBeLessThanOrEqual(1_000_000);
    expect(backlog.unsentWhenEnded).toBeGreaterThan(1_000_000);
    // A client that keeps up is never cut off.
    expect(steady.events.map((event) => Number(event.id))).toEqual(published);

    // Also offered to the cut-off stream, which must drop it: a write after the end would throw.
    const after = await bus.publish({ type: 'test.after-cut-off' });
    await steady.waitFor((event) => event.type === 'test.after-cut-off');
    // The slow client gets what was written before the cut-off, in order, then the end of the stream.
    const received = eventsIn(await slow.text()).map((event) => Number(event.id));
    expect(received).toEqual(published.slice(0, received.length));

    const again = await stream({ lastEventId: String(received.at(-1)) });
    await again.waitFor((event) => event.type === 'test.after-cut-off');
    expect(again.events.map((event) => Number(event.id))).toEqual([
      ...published.slice(received.length),
      after.id,
    ]);
  });
});

describe('HEAD /api/events', () => {
  it('answers with the headers at once and holds no stream slot', async () => {
    await settle(200); // the streams of earlier tests have left
    for (let i = 0; i < 25; i += 1) {
      const head = await fetch(`${instance.url}/api/events`, {
        method: 'HEAD',
        signal: AbortSignal.timeout(2_000),
      });
      expect(head.status).toBe(200);
      expect(head.headers.get('content-type')).toMatch(/^text\/event-stream/);
    }
    // More HEADs than the address's 20 slots went by, and a stream still opens.
    await settle(100);
    expect((await stream()).status).toBe(200);
    // Answered, not left hanging: the response ends rather than waiting for events.
    const injected = await Promise.race([
      instance.app.inject({ method: 'HEAD', url: '/api/events' }),
      settle(2_000).then(() => null),
    ]);
    expect(injected?.statusCode).toBe(200);
  });
});

describe('GET /api/events when its session ends', () => {
  /** Whether the server ends the stream within `ms`. */
  const endsWithin = (opened: LiveStream, ms = 3_000) =>
    Promise.race([opened.ended.then(() => true), settle(ms).then(() => false)]);

  it('closes the streams of a session signed out, revoked by a password change, suspended or deleted', async () => {
    const { app, db } = instance;
    const member = await signedInAs(app, db, 'member-tier-1');
    const otherDevice = await signIn(app, member.user.email);
    const bystander = await signedInAs(app, db, 'member-tier-2');
    const admin = await signedInAs(app, db, 'admin');
    const [here, there, untouched, anonymous] = await Promise.all([
      stream({ cookie: member.cookie }),
      stream({ cookie: otherDevice }),
      stream({ cookie: bystander.cookie }),
      stream(),
    ]);
    expect([here, there, untouched, anonymous].map((opened) => opened.status)).toEqual([200, 200, 200, 200]);

    // A password change signs out the member's other devices; the device it was made on stays.
    const changed = await app.inject({
      method: 'POST',
      url: '/api/auth/password',
      headers: { cookie: member.cookie },
      payload: { currentPassword: testPassword, newPassword: 'a brand new passphrase' },
    });
    expect(changed.statusCode).toBe(200);
    expect(await endsWithin(there)).toBe(true);
    expect(await endsWithin(here, 300)).toBe(false);

    const out = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: member.cookie },
    });
    expect(out.statusCode).toBeLessThan(300);
    expect(await endsWithin(here)).toBe(true);

    const suspended = await signedInAs(app, db, 'member-tier-1');
    const suspendedStream = await stream({ cookie: suspended.cookie });
    const suspend = await app.inject({
      method: 'PATCH',
      url: `/api/users/${suspended.user.id}`,
      headers: { cookie: admin.cookie },
      payload: { suspended: true },
    });
    expect(suspend.statusCode).toBe(200);
    expect(await endsWithin(suspendedStream)).toBe(true);

    const deleted = await signedInAs(app, db, 'member-tier-1');
    const deletedStream = await stream({ cookie: deleted.cookie });
    const remove = await app.inject({
      method: 'DELETE',
      url: `/api/users/${deleted.user.id}`,
      headers: { cookie: admin.cookie },
    });
    expect(remove.statusCode).toBeLessThan(300);
    expect(await endsWithin(deletedStream)).toBe(true);

    // Nobody else's stream ended.
    expect(await endsWithin(untouched, 300)).toBe(false);
    expect(await endsWithin(anonymous, 10)).toBe(false);
  });
});
