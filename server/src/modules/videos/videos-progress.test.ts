import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema, videoListResponseSchema, videoProgressSchema, type Video } from '@uplift/contracts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { signedInAs } from '../../../test/accounts.ts';
import { seedVideos } from '../../seed/videos.ts';
import { progressSlackSeconds } from './videos.service.ts';

describe('videos: watch progress and continue watching', () => {
  let t: TestApp;
  let featured: Video[];
  beforeAll(async () => {
    t = await createTestApp();
    await seedVideos(t.db);
    const response = await t.app.inject({ method: 'GET', url: '/api/videos/featured' });
    featured = videoListResponseSchema.parse(response.json()).items;
  });
  afterAll(() => t.close());

  const free = (index: number) => featured.filter((video) => !video.premium)[index]!;
  const put = (cookie: string, id: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/videos/${id}/progress`,
      headers: { cookie, ...headers },
      payload,
    });
  const continueWatching = async (cookie: string) => {
    const response = await t.app.inject({ method: 'GET', url: '/api/videos/continue', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    return videoListResponseSchema.parse(response.json()).items;
  };

  it('needs a signed-in member, a known video and a sensible position', async () => {
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: `/api/videos/${free(0).id}/progress`,
      payload: { positionSeconds: 3 },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/videos/continue' })).statusCode).toBe(401);
    const { cookie } = await signedInAs(t.app, t.db, 'member-tier-1');
    for (const payload of [
      {},
      { positionSeconds: -1 },
      { positionSeconds: 'ten' },
      { positionSeconds: 1e9 },
    ]) {
      const response = await put(cookie, free(0).id, payload);
      expect(response.statusCode).toBe(400);
      expect(apiErrorSchema.parse(response.json()).error.code).toBe('VALIDATION_ERROR');
    }
    const unknown = await put(cookie, '00000000-0000-4000-8000-000000000000', { positionSeconds: 1 });
    expect(unknown.statusCode).toBe(404);
    const premium = featured.find((video) => video.premium)!;
    expect((await put(cookie, premium.id, { positionSeconds: 1 })).statusCode).toBe(403);
  });

  it('saves the position, adds up real watching time, and resumes from it', async () => {
    const { cookie } = await signedInAs(t.app, t.db, 'member-tier-1');
    const video = free(0);
    const first = await put(cookie, video.id, { positionSeconds: 4, watchedDeltaSeconds: 4 });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    await put(cookie, video.id, { positionSeconds: 9.5, watchedDeltaSeconds: 5.5 });
    const one = await t.app.inject({ method: 'GET', url: `/api/videos/${video.id}`, headers: { cookie } });
    expect(one.json().progress).toMatchObject({
      positionSeconds: 9.5,
      watchedSeconds: 9.5,
      completed: false,
    });
    // Someone else's progress is their own.
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/videos/${video.id}` })).json().progress,
    ).toBeNull();
  });

  it('applies a replayed report (same Idempotency-Key) once', async () => {
    const { cookie } = await signedInAs(t.app, t.db, 'member-tier-1');
    const video = free(1);
    const headers = { 'idempotency-key': 'progress-replay-0001' };
    const sent = await put(cookie, video.id, { positionSeconds: 6, watchedDeltaSeconds: 6 }, headers);
    const replayed = await put(cookie, video.id, { positionSeconds: 6, watchedDeltaSeconds: 6 }, headers);
    expect(replayed.statusCode).toBe(200);
    expect(replayed.json()).toEqual(sent.json());
    expect(videoProgressSchema.parse(replayed.json()).watchedSeconds).toBe(6);
  });

  it('clamps to the video length, finishes at 95 % and never credits more than the length per report', async () => {
    const { cookie } = await signedInAs(t.app, t.db, 'member-tier-1');
    const video = free(2);
    const saved = videoProgressSchema.parse(
      (await put(cookie, video.id, { positionSeconds: 5000, watchedDeltaSeconds: 3000 })).json(),
    );
    expect(saved).toMatchObject({
      positionSeconds: video.durationSeconds,
      watchedSeconds: video.durationSeconds,
      completed: true,
    });
    // Watching again from the start keeps it finished.
    const again = videoProgressSchema.parse((await put(cookie, video.id, { positionSeconds: 1 })).json());
    expect(again.completed).toBe(true);
  });

  it('never credits more watching than the time since the member started watching', async () => {
    const { cookie } = await signedInAs(t.app, t.db, 'member-tier-2');
    const video = free(3);
    const length = video.durationSeconds;
    // 101 full-length reports in a burst: a forged or replaying client, not an afternoon of watching.
    let last;
    for (let i = 0; i < 101; i += 1) {
      last = await put(cookie, video.id, { positionSeconds: length, watchedDeltaSeconds: length });
      expect(last.statusCode).toBe(200);
    }
    const credited = videoProgressSchema.parse(last!.json()).watchedSeconds;
    // The first report's own playback, then no more than the wall-clock time since (plus a report's slack).
    expect(credited).toBeGreaterThanOrEqual(length);
    expect(credited).toBeLessThan(length + progressSlackSeconds + 60);
    expect(credited).toBeLessThan(101 * length);
  });

  it('lists started, unfinished videos, most recently watched first', async () => {
    const { cookie } = await signedInAs(t.app, t.db, 'member-tier-2');
    expect(await continueWatching(cookie)).toEqual([]);
    const [a, b, c] = [free(0), free(1), featured.find((video) => video.premium)!];
    await put(cookie, a.id, { positionSeconds: 3, watchedDeltaSeconds: 3 });
    await put(cookie, b.id, { positionSeconds: 5, watchedDeltaSeconds: 5 });
    await put(cookie, c.id, { positionSeconds: 2, watchedDeltaSeconds: 2 });
    await put(cookie, c.id, { positionSeconds: c.durationSeconds * 0.96, watchedDeltaSeconds: 10 });
    await put(cookie, a.id, { positionSeconds: 7, watchedDeltaSeconds: 4 });
    const items = await continueWatching(cookie);
    expect(items.map((video) => video.id)).toEqual([a.id, b.id]);
    expect(items[0]!.progress).toMatchObject({ positionSeconds: 7, watchedSeconds: 7 });
    // A position of 0 after a report of real watching still counts as started.
    const { cookie: other } = await signedInAs(t.app, t.db, 'member-tier-1');
    await put(other, a.id, { positionSeconds: 0, watchedDeltaSeconds: 1 });
    expect((await continueWatching(other)).map((video) => video.id)).toEqual([a.id]);
  });
});
