import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAs } from '../../../test/accounts.ts';
import { startInstance, type Instance } from '../../../test/instance.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/database.ts';
import { openLiveStream, settle, type LiveStream } from '../../../test/live-events.ts';
import { createEventBus, type EventBus } from './index.ts';
import { listenerName } from './listener.ts';

let database: TestDatabase;
let a: Instance;
let b: Instance;
let bus: EventBus;
const streams: LiveStream[] = [];

async function stream(instance: Instance, options: { cookie?: string; lastEventId?: string } = {}) {
  const opened = await openLiveStream(instance.url, options);
  streams.push(opened);
  return opened;
}

beforeAll(async () => {
  database = await createTestDatabase();
  [a, b] = await Promise.all([startInstance(database.url), startInstance(database.url)]);
  // Server code publishing through instance A's database, as a module handed the bus would.
  bus = createEventBus(a.db);
});

afterAll(async () => {
  for (const opened of streams) opened.close();
  await Promise.all([a.app.close(), b.app.close()]);
  await Promise.all([a.db.$client.end(), b.db.$client.end()]);
  await database.drop();
});

describe('GET /api/events across two instances on one database', () => {
  it('delivers an event published through one instance to a client of the other', async () => {
    const onB = await stream(b);
    expect(onB.status).toBe(200);
    const published = await bus.publish({ type: 'test.hello', payload: { postId: 'p1' } });
    const received = await onB.waitFor((event) => event.type === 'test.hello');
    expect(received).toMatchObject({ id: String(published.id), data: { postId: 'p1' } });
  });

  it('sends a private event only to its own user', async () => {
    const owner = await signedInAs(a.app, a.db, 'member-tier-1');
    const other = await signedInAs(a.app, a.db, 'member-tier-1');
    const ownerStream = await stream(b, { cookie: owner.cookie });
    const otherStream = await stream(b, { cookie: other.cookie });
    const anonymous = await stream(a);
    await bus.publish({ type: 'test.private', audienceUserId: owner.user.id, payload: { n: 1 } });
    await bus.publish({ type: 'test.public', payload: {} });
    await ownerStream.waitFor((event) => event.type === 'test.public');
    await otherStream.waitFor((event) => event.type === 'test.public');
    await anonymous.waitFor((event) => event.type === 'test.public');
    expect(ownerStream.events.map((event) => event.type)).toEqual(['test.private', 'test.public']);
    expect(otherStream.events.map((event) => event.type)).toEqual(['test.public']);
    expect(anonymous.events.map((event) => event.type)).toEqual(['test.public']);
  });

  it('replays what a client missed when it reconnects with Last-Event-ID, then goes on live', async () => {
    const member = await signedInAs(a.app, a.db, 'member-tier-1');
    const first = await stream(a, { cookie: member.cookie });
    const seen = await bus.publish({ type: 'test.seen', payload: {} });
    await first.waitFor((event) => event.type === 'test.seen');
    first.close();
    await bus.publish({ type: 'test.missed', payload: { n: 1 } });
    await bus.publish({ type: 'test.missed-private', audienceUserId: member.user.id, payload: { n: 2 } });
    const stranger = await signedInAs(a.app, a.db, 'member-tier-1');
    await bus.publish({ type: 'test.not-mine', audienceUserId: stranger.user.id, payload: {} });

    const again = await stream(b, { cookie: member.cookie, lastEventId: String(seen.id) });
    await bus.publish({ type: 'test.after', payload: {} });
    await again.waitFor((event) => event.type === 'test.after');
    expect(again.events.map((event) => event.type)).toEqual([
      'test.missed',
      'test.missed-private',
      'test.after',
    ]);
  });

  it('delivers nothing from a rolled-back transaction, and at commit from a committed one', async () => {
    const client = await stream(a);
    await a.db
      .transaction(async (tx) => {
        await bus.publish({ type: 'test.rolled-back', payload: {} }, tx);
        throw new Error('roll back');
      })
      .catch(() => {});
    await a.db.transaction(async (tx) => {
      await bus.publish({ type: 'test.committed', payload: {} }, tx);
    });
    await client.waitFor((event) => event.type === 'test.committed');
    expect(client.events.map((event) => event.type)).not.toContain('test.rolled-back');
  });

  it('delivers an event whose transaction commits after a later one', async () => {
    const client = await stream(b);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    // The first event's id is taken now; its transaction commits only after the second one's.
    const slow = a.db.transaction(async (tx) => {
      await bus.publish({ type: 'test.committed-last', payload: {} }, tx);
      await held;
    });
    await settle(50);
    await bus.publish({ type: 'test.committed-first', payload: {} });
    await client.waitFor((event) => event.type === 'test.committed-first');
    release();
    await slow;
    await client.waitFor((event) => event.type === 'test.committed-last');
  });

  it('catches up on events sent while its listening connection was down', async () => {
    const client = await stream(b);
    // Cut every instance's LISTEN session, as a database restart or a network drop would.
    await a.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${listenerName} and datname = current_database()`,
    );
    await bus.publish({ type: 'test.during-outage', payload: {} });
    await client.waitFor((event) => event.type === 'test.during-outage', 10_000);
  });

  it('caps the streams one user holds open and refuses a malformed Last-Event-ID', async () => {
    const member = await signedInAs(a.app, a.db, 'member-tier-1');
    const open = await Promise.all(Array.from({ length: 5 }, () => stream(a, { cookie: member.cookie })));
    expect(open.map((s) => s.status)).toEqual([200, 200, 200, 200, 200]);
    const sixth = await stream(a, { cookie: member.cookie });
    expect(sixth.status).toBe(429);
    open[0]?.close();
    await settle(200);
    expect((await stream(a, { cookie: member.cookie })).status).toBe(200);

    const bad = await fetch(`${a.url}/api/events`, { headers: { 'last-event-id': 'abc' } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });
    for (const query of [
      '?lastEventId=%00',
      '?lastEventId=1e308',
      '?lastEventId=-1',
      `?lastEventId=${'9'.repeat(40)}`,
    ]) {
      expect((await fetch(`${a.url}/api/events${query}`)).status).toBe(400);
    }
  });

  it('refuses a payload too large for NOTIFY before writing anything', async () => {
    await expect(bus.publish({ type: 'test.big', payload: { text: 'x'.repeat(3_000) } })).rejects.toThrow(
      /2000 bytes/,
    );
  });
});
