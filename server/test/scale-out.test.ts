import { randomInt } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communityEvents, sessionCookieNames, type Role } from '@uplift/contracts';
import { seedCommunity } from '../src/seed/community.ts';
import { createUser, testPassword } from './accounts.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';
import { startInstance, type Instance } from './instance.ts';
import { openLiveStream, type LiveStream } from './live-events.ts';
import { multipartContentType, multipartFile } from './multipart.ts';
import { redisAnswers, testRedisUrl } from './redis.ts';
import { startTestBucket, type TestBucket } from './s3-bucket.ts';

const reachable = await redisAnswers();

/**
 * Two instances behind one load balancer, sharing one PostgreSQL, one Redis and one bucket, and nothing
 * else (each its own DATA_DIR and memory). Every request is real HTTP; each property is shown by acting
 * on A and looking on B.
 */
describe.skipIf(!reachable)('two instances behave as one service', () => {
  let database: TestDatabase;
  let bucket: TestBucket;
  const dataDirs: string[] = [];
  let a: Instance;
  let b: Instance;
  const streams: LiveStream[] = [];
  // The client address the balancer forwards, this run's own: rate-limit counts outlive the test in Redis.
  const clientAddress = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(256)}`;
  const anonymousQuota = 2;

  beforeAll(async () => {
    [database, bucket] = await Promise.all([createTestDatabase(), startTestBucket()]);
    // The community's topics: a post names one.
    await seedCommunity(database.db);
    [a, b] = await Promise.all([startBehindBalancer(), startBehindBalancer()]);
  });

  /** One more instance with a DATA_DIR of its own: only PostgreSQL, Redis and the bucket are shared. */
  async function startBehindBalancer() {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'uplift-instance-'));
    dataDirs.push(dataDir);
    return startInstance(database.url, {
      ...bucket.env,
      DATA_DIR: dataDir,
      REDIS_URL: testRedisUrl,
      // The balancer on loopback: X-Forwarded-For carries the client's address.
      TRUST_PROXY: 'loopback',
      VALE_QUOTA_ANONYMOUS: String(anonymousQuota),
      NOTIFICATIONS_POLL_SECONDS: '0.5',
    });
  }

  afterAll(async () => {
    for (const stream of streams) stream.close();
    await Promise.all([a.app.close(), b.app.close()]);
    await Promise.all([a.db.$client.end(), b.db.$client.end()]);
    await Promise.all([database.drop(), bucket.close()]);
    await Promise.all(dataDirs.map((dataDir) => rm(dataDir, { recursive: true, force: true })));
  });

  /** A request to one instance as the balancer forwards it. */
  function call(
    instance: Instance,
    url: string,
    init: { method?: string; cookie?: string; json?: unknown } = {},
  ) {
    const headers: Record<string, string> = { 'x-forwarded-for': clientAddress };
    if (init.cookie) headers.cookie = init.cookie;
    if (init.json !== undefined) headers['content-type'] = 'application/json';
    return fetch(`${instance.url}${url}`, {
      method: init.method ?? 'GET',
      headers,
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
    });
  }

  /** The `name=value` of the cookie `name` a response sets, for a `cookie` request header. */
  function cookieSet(response: Response, name: string): string {
    const pair = response.headers
      .getSetCookie()
      .map((line) => line.split(';')[0] ?? '')
      .find((candidate) => candidate.startsWith(`${name}=`));
    if (!pair) throw new Error(`no ${name} cookie in a response ${response.status}`);
    return pair;
  }

  /** A new account signed in through `instance`, and its session cookie. */
  async function signedInThrough(instance: Instance, role: Role = 'member-tier-1') {
    const user = await createUser(instance.db, role);
    const response = await call(instance, '/api/auth/login', {
      method: 'POST',
      json: { email: user.email, password: testPassword },
    });
    return { user, cookie: cookieSet(response, sessionCookieNames.insecure) };
  }

  async function stream(instance: Instance, cookie?: string) {
    const opened = await openLiveStream(instance.url, { cookie });
    streams.push(opened);
    expect(opened.status).toBe(200);
    return opened;
  }

  const verify = async (instance: Instance, cookie: string) =>
    (await call(instance, '/api/auth/verify', { cookie })).status;

  it('accepts a session made on A on B, and refuses it on B once it signs out on A', async () => {
    const { cookie } = await signedInThrough(a);
    // B now keeps the session in memory: only the database's notification can end it there in time.
    expect(await verify(b, cookie)).toBe(200);
    expect((await call(a, '/api/auth/logout', { method: 'POST', cookie })).status).toBe(200);
    expect(await verify(a, cookie)).toBe(401);
    // Well within the 10 s B would otherwise keep it.
    await expect.poll(() => verify(b, cookie), { timeout: 3_000 }).toBe(401);
  });

  it('counts a rate limit across both: the eleventh export a minute is refused on either', async () => {
    const { cookie } = await signedInThrough(a);
    const exportFrom = async (instance: Instance) =>
      (await call(instance, '/api/account/export', { cookie })).status;
    const statuses: number[] = [];
    for (let n = 0; n < 10; n += 1) statuses.push(await exportFrom(n % 2 === 0 ? a : b));
    expect(statuses).toEqual(Array(10).fill(200));
    expect(await exportFrom(a)).toBe(429);
    expect(await exportFrom(b)).toBe(429);
  });

  it("shares Vale's anonymous quota: spent on A, B reports it used and refuses the next question", async () => {
    const ask = async (instance: Instance, visitorCookie?: string) => {
      const response = await call(instance, '/api/chat/public', {
        method: 'POST',
        cookie: visitorCookie,
        json: { message: 'How do I write a CV?' },
      });
      await response.text();
      return response;
    };
    const first = await ask(a);
    expect(first.status).toBe(200);
    const visitor = cookieSet(first, 'uplift_visitor');
    expect((await ask(a, visitor)).status).toBe(200);

    const quota = await (await call(b, '/api/chat/quota', { cookie: visitor })).json();
    expect(quota).toMatchObject({ used: anonymousQuota, remaining: 0 });
    expect((await ask(b, visitor)).status).toBe(429);
  });

  it('delivers a community post made through A to a live reader connected to B', async () => {
    const reader = await stream(b);
    const { cookie } = await signedInThrough(a);
    const created = await call(a, '/api/community/posts', {
      method: 'POST',
      cookie,
      json: { topicId: 'wins', body: 'Landed the apprenticeship!' },
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    await reader.waitFor((event) => event.type === communityEvents.postCreated && event.data.postId === id);
  });

  it('sends a scheduled notification once, with both instances polling for it', async () => {
    const admin = await signedInThrough(a, 'admin');
    const member = await signedInThrough(a);
    const devices = await stream(b, member.cookie);
    const scheduled = await call(a, '/api/admin/notifications', {
      method: 'POST',
      cookie: admin.cookie,
      json: {
        title: 'Office hours start now',
        body: 'Drop in with your questions.',
        audience: { type: 'members', userIds: [member.user.id] },
        scheduledFor: new Date(Date.now() + 1_000).toISOString(),
      },
    });
    expect(scheduled.status).toBe(201);
    const { id } = (await scheduled.json()) as { id: string };

    await devices.waitFor((event) => event.type === 'notifications.changed', 10_000);
    // Sent means claimed: no instance can send it again, so the counts are final now.
    const inbox = (await (await call(b, '/api/notifications', { cookie: member.cookie })).json()) as {
      items: { id: string }[];
    };
    expect(inbox.items.filter((item) => item.id === id)).toHaveLength(1);
    const history = (await (await call(b, '/api/admin/notifications', { cookie: admin.cookie })).json()) as {
      items: { id: string; status: string; counts: { deliveredInApp: number } }[];
    };
    expect(history.items.find((item) => item.id === id)).toMatchObject({
      status: 'sent',
      counts: { deliveredInApp: 1 },
    });
  });

  it('serves a profile photo uploaded through A from B', async () => {
    const { cookie } = await signedInThrough(a);
    const jpeg = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#36c' } })
      .jpeg()
      .toBuffer();
    const uploaded = await fetch(`${a.url}/api/profile/upload-image`, {
      method: 'POST',
      headers: { cookie, 'content-type': multipartContentType, 'x-forwarded-for': clientAddress },
      body: multipartFile(jpeg, 'me.jpg', 'image/jpeg'),
    });
    expect(uploaded.status).toBe(200);
    const { photo } = (await uploaded.json()) as { photo: { avatar: string } };

    const served = await fetch(`${b.url}${photo.avatar}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).format).toBe('webp');
  });

  it('ends its live streams when an instance shuts down; the reader resumes on B and misses nothing', async () => {
    const leaving = await startBehindBalancer();
    const reader = await stream(leaving);
    const { cookie } = await signedInThrough(a);
    const post = async (body: string) => {
      const created = await call(a, '/api/community/posts', {
        method: 'POST',
        cookie,
        json: { topicId: 'wins', body },
      });
      return ((await created.json()) as { id: string }).id;
    };
    const seen = await post('Before the restart');
    await reader.waitFor((event) => event.data.postId === seen);

    // SIGTERM runs this: the stream ends at once rather than holding the shutdown open.
    await leaving.app.close();
    await leaving.db.$client.end();
    await reader.ended;
    // Posted while the browser waits to reconnect, which the balancer sends to B with the last id seen.
    const missed = await post('While reconnecting');
    const resumed = await openLiveStream(b.url, { lastEventId: reader.events.at(-1)?.id });
    streams.push(resumed);
    await resumed.waitFor((event) => event.data.postId === missed);
  });
});
