import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAs } from '../../../test/accounts.ts';
import { startInstance, type Instance } from '../../../test/instance.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/database.ts';
import { expectEtagRevalidation } from '../../../test/etag-revalidation.ts';
import { openLiveStream } from '../../../test/live-events.ts';
import { seedCommunity } from '../../seed/community.ts';

let database: TestDatabase;
let a: Instance;
let b: Instance;

beforeAll(async () => {
  database = await createTestDatabase();
  [a, b] = await Promise.all([startInstance(database.url), startInstance(database.url)]);
  await seedCommunity(a.db);
});

afterAll(async () => {
  await Promise.all([a.app.close(), b.app.close()]);
  await Promise.all([a.db.$client.end(), b.db.$client.end()]);
  await database.drop();
});

const feed = (instance: Instance, headers: Record<string, string> = {}) =>
  fetch(`${instance.url}/api/community/posts`, { headers });
const bodies = async (response: Response) =>
  ((await response.json()) as { items: Array<{ body: string }> }).items.map((item) => item.body);

/** plugins/public-cache.ts on the feed, with two instances of the app on one database. */
describe('the anonymous feed served from memory, on every instance', () => {
  it('answers anonymous repeats with the same ETag and 304 to a caller who has it', async () => {
    await expectEtagRevalidation((headers) => feed(b, headers));
  });

  it('gives an anonymous repeat, answered before the request chain, every header of the first answer', async () => {
    const identity = { 'accept-encoding': 'identity' };
    const withoutDate = (response: Response) =>
      Object.fromEntries([...response.headers].filter(([name]) => name !== 'date'));
    // Answered by the handler, then kept.
    a.app.publicCache.invalidate('community');
    const first = await feed(a, identity);
    const repeat = await feed(a, identity);
    expect(withoutDate(repeat)).toEqual(withoutDate(first));
    expect(repeat.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await repeat.text()).toBe(await first.text());
  });

  it('shows a new post at once where it was written and, through NOTIFY, on the other instance', async () => {
    const before = await feed(b);
    const etagBefore = before.headers.get('etag');
    await feed(a);
    const stream = await openLiveStream(b.url);
    const { cookie } = await signedInAs(a.app, a.db, 'member-tier-1');

    const created = await a.app.inject({
      method: 'POST',
      url: '/api/community/posts',
      headers: { cookie },
      payload: { topicId: 'wins', body: 'Cached feeds follow writes' },
    });
    expect(created.statusCode, created.body).toBe(201);
    // The writer's instance dropped its copy before answering.
    expect(await bodies(await feed(a))).toContain('Cached feeds follow writes');

    await expect
      .poll(async () => bodies(await feed(b)), { timeout: 5_000, interval: 50 })
      .toContain('Cached feeds follow writes');
    expect((await feed(b)).headers.get('etag')).not.toBe(etagBefore);

    // Clients get the post's own event, never the instances' invalidation.
    await stream.waitFor((event) => event.type === 'community.post.created');
    expect(stream.events.filter((event) => event.type.startsWith('server.'))).toEqual([]);
    stream.close();
  });

  it('never answers a signed-in caller from memory', async () => {
    const { cookie } = await signedInAs(b.app, b.db, 'member-tier-1');
    await feed(b);
    const signedIn = await feed(b, { cookie });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get('etag')).toBeNull();
    expect(signedIn.headers.get('cache-control')).toBe('no-store');
  });
});
