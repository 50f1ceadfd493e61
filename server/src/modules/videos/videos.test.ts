import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema, videoListResponseSchema, videoSchema, type Video } from '@uplift/contracts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { signedInAs } from '../../../test/accounts.ts';
import { demoMediaDir, loadDemoCatalogue } from './demo-catalogue.ts';
import { createMediaUrls } from './media-urls.ts';
import { seedVideos } from '../../seed/videos.ts';

const mediaDir = fileURLToPath(demoMediaDir);

describe('videos: catalogue, premium locking and media', () => {
  let t: TestApp;
  let tier1: string;
  let tier2: string;
  beforeAll(async () => {
    t = await createTestApp();
    await seedVideos(t.db);
    tier1 = (await signedInAs(t.app, t.db, 'member-tier-1')).cookie;
    tier2 = (await signedInAs(t.app, t.db, 'member-tier-2')).cookie;
  });
  afterAll(() => t.close());

  const list = async (path: string, cookie?: string) => {
    const response = await t.app.inject({ method: 'GET', url: path, headers: cookie ? { cookie } : {} });
    expect(response.statusCode).toBe(200);
    return videoListResponseSchema.parse(response.json()).items;
  };
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });
  const premiumFeatured = async () => (await list('/api/videos/featured')).find((video) => video.premium)!;
  const freeFeatured = async () => (await list('/api/videos/featured')).find((video) => !video.premium)!;

  it('ships at least 6 featured and 6 shorts, each a faststart MP4 with poster and captions, ≤ 8 MB in all', async () => {
    const catalogue = await loadDemoCatalogue();
    expect(catalogue.filter((video) => video.kind === 'featured').length).toBeGreaterThanOrEqual(6);
    expect(catalogue.filter((video) => video.kind === 'short').length).toBeGreaterThanOrEqual(6);
    let total = 0;
    for (const name of await readdir(mediaDir)) total += (await stat(path.join(mediaDir, name))).size;
    expect(total).toBeLessThanOrEqual(8 * 1024 * 1024);
    for (const video of catalogue) {
      const mp4 = await readFile(path.join(mediaDir, `${video.slug}.mp4`));
      // +faststart: the index (moov) comes before the media data, so playback starts from the first bytes.
      expect(mp4.subarray(4, 8).toString()).toBe('ftyp');
      expect(mp4.indexOf('moov')).toBeLessThan(mp4.indexOf('mdat'));
      expect((await readFile(path.join(mediaDir, `${video.slug}.vtt`), 'utf8')).startsWith('WEBVTT')).toBe(
        true,
      );
    }
    expect(await seedVideos(t.db)).toBe(0);
    expect(await list('/api/videos/featured')).toHaveLength(
      catalogue.filter((video) => video.kind === 'featured').length,
    );
  });

  it('lists premium videos to everyone but locks them below member-tier-2', async () => {
    const check = (items: Video[], locked: boolean) => {
      const premium = items.filter((video) => video.premium);
      expect(premium.length).toBeGreaterThan(0);
      for (const video of premium) {
        expect(video.locked).toBe(locked);
        expect(video.mediaUrl === null).toBe(locked);
        expect(video.captionsUrl === null).toBe(locked);
        expect(video.posterUrl).toMatch(/^\/api\/videos\/[0-9a-f-]+\/poster\?v=[0-9a-f]{16}$/);
      }
      expect(items.filter((video) => !video.premium).every((video) => !video.locked && video.mediaUrl)).toBe(
        true,
      );
    };
    check(await list('/api/videos/featured'), true);
    check(await list('/api/videos/featured', tier1), true);
    check(await list('/api/videos/featured', tier2), false);
    const shorts = await list('/api/videos/shorts');
    expect(shorts.every((video) => video.kind === 'short')).toBe(true);
    check(shorts, true);
  });

  it('opens one video; unknown ids 404 and malformed ids 400', async () => {
    const video = await freeFeatured();
    const one = await get(`/api/videos/${video.id}`);
    expect(videoSchema.parse(one.json())).toEqual(video);
    const missing = await get('/api/videos/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(apiErrorSchema.parse(missing.json()).error.code).toBe('NOT_FOUND');
    expect((await get('/api/videos/not-a-uuid')).statusCode).toBe(400);
    expect((await get('/api/videos/not-a-uuid/media')).statusCode).toBe(400);
  });

  it('refuses premium media and captions below member-tier-2, but shows the poster', async () => {
    const video = await premiumFeatured();
    const base = `/api/videos/${video.id}`;
    const anonymous = await get(`${base}/media`);
    expect(anonymous.statusCode).toBe(401);
    expect(apiErrorSchema.parse(anonymous.json()).error.message).toMatch(/premium/);
    const basic = await get(`${base}/media`, { cookie: tier1 });
    expect(basic.statusCode).toBe(403);
    expect(apiErrorSchema.parse(basic.json()).error.code).toBe('PERMISSION_DENIED');
    expect((await get(`${base}/captions`, { cookie: tier1 })).statusCode).toBe(403);
    expect((await get(`${base}/media`, { cookie: tier2, range: 'bytes=0-3' })).statusCode).toBe(206);
    const poster = await get(video.posterUrl);
    expect(poster.statusCode).toBe(200);
    expect(poster.headers['content-type']).toBe('image/jpeg');
  });

  it('serves media with its type, ranges and immutable caching at its current version', async () => {
    const video = await freeFeatured();
    const file = await readFile(path.join(mediaDir, `${video.slug}.mp4`));
    const whole = await get(video.mediaUrl!);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(Number(whole.headers['content-length'])).toBe(file.length);
    expect(whole.rawPayload.equals(file)).toBe(true);
    expect(whole.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Without the version (or a stale one) the URL may later serve other bytes: revalidate.
    const unversioned = await get(`/api/videos/${video.id}/media`);
    expect(unversioned.headers['cache-control']).toBe('public, no-cache');
    const revalidated = await get(`/api/videos/${video.id}/media`, {
      'if-none-match': unversioned.headers.etag!,
    });
    expect(revalidated.statusCode).toBe(304);

    const range = async (header: string) => {
      const response = await get(video.mediaUrl!, { range: header });
      expect(response.statusCode).toBe(206);
      return response;
    };
    const first = await range('bytes=0-99');
    expect(first.headers['content-range']).toBe(`bytes 0-99/${file.length}`);
    expect(first.rawPayload.equals(file.subarray(0, 100))).toBe(true);
    const middle = await range('bytes=1000-1999');
    expect(middle.headers['content-range']).toBe(`bytes 1000-1999/${file.length}`);
    expect(middle.rawPayload.equals(file.subarray(1000, 2000))).toBe(true);
    const suffix = await range('bytes=-500');
    expect(suffix.headers['content-range']).toBe(
      `bytes ${file.length - 500}-${file.length - 1}/${file.length}`,
    );
    expect(suffix.rawPayload.equals(file.subarray(file.length - 500))).toBe(true);
    const open = await range(`bytes=${file.length - 10}-`);
    expect(open.rawPayload.equals(file.subarray(file.length - 10))).toBe(true);

    const beyond = await get(video.mediaUrl!, { range: `bytes=${file.length}-` });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${file.length}`);
    expect(apiErrorSchema.parse(beyond.json()).error.message).toMatch(/range/);
  });

  it('keeps immutable caching for signed-in viewers: private for premium files', async () => {
    const free = (await list('/api/videos/featured', tier2)).find((video) => !video.premium)!;
    const premium = (await list('/api/videos/featured', tier2)).find((video) => video.premium)!;
    const freeFile = await get(free.mediaUrl!, { cookie: tier2, range: 'bytes=0-9' });
    expect(freeFile.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const premiumFile = await get(premium.mediaUrl!, { cookie: tier2, range: 'bytes=0-9' });
    expect(premiumFile.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    const captions = await get(premium.captionsUrl!, { cookie: tier2 });
    expect(captions.headers['content-type']).toMatch(/^text\/vtt/);
    expect(captions.body.startsWith('WEBVTT')).toBe(true);
    // Errors about someone's access are never stored.
    const unsigned = premium.mediaUrl!.replace(/&.*$/, '');
    expect((await get(unsigned, { cookie: tier1 })).headers['cache-control']).toBe('no-store');
  });

  describe('signed URLs for premium files (the native shells cannot send their bearer token)', () => {
    const premiumFor = async (cookie: string) =>
      (await list('/api/videos/featured', cookie)).filter((video) => video.premium);
    const withQuery = (url: string, change: (query: URLSearchParams) => void) => {
      const [path, search] = url.split('?');
      const query = new URLSearchParams(search);
      change(query);
      return `${path}?${query.toString()}`;
    };
    const refusal = (response: Awaited<ReturnType<typeof get>>) => {
      expect(response.statusCode).toBe(403);
      return apiErrorSchema.parse(response.json()).error;
    };

    it('gives an entitled viewer signed media and captions URLs that play with no session, ranges included', async () => {
      const [video] = await premiumFor(tier2);
      expect(video!.mediaUrl).toMatch(
        /^\/api\/videos\/[0-9a-f-]+\/media\?v=[0-9a-f]{16}&exp=\d+&sig=[\w-]{43}$/,
      );
      expect(video!.captionsUrl).toMatch(/&exp=\d+&sig=[\w-]{43}$/);
      // Free videos need no signature; the detail signs like the lists.
      expect((await freeFeatured()).mediaUrl).not.toMatch(/sig=/);
      expect(
        videoSchema.parse((await get(`/api/videos/${video!.id}`, { cookie: tier2 })).json()).mediaUrl,
      ).toBe(video!.mediaUrl);

      const file = await readFile(path.join(mediaDir, `${video!.slug}.mp4`));
      const first = await get(video!.mediaUrl!, { range: 'bytes=0-99' });
      expect(first.statusCode).toBe(206);
      expect(first.headers['content-range']).toBe(`bytes 0-99/${file.length}`);
      expect(first.rawPayload.equals(file.subarray(0, 100))).toBe(true);
      // Never kept by shared caches: the URL is a credential.
      expect(first.headers['cache-control']).toBe('private, max-age=31536000, immutable');
      const middle = await get(video!.mediaUrl!, { range: 'bytes=1000-1999' });
      expect(middle.rawPayload.equals(file.subarray(1000, 2000))).toBe(true);
      const whole = await get(video!.mediaUrl!);
      expect(whole.statusCode).toBe(200);
      expect(whole.rawPayload.equals(file)).toBe(true);
      const captions = await get(video!.captionsUrl!);
      expect(captions.statusCode).toBe(200);
      expect(captions.body.startsWith('WEBVTT')).toBe(true);
    });

    it('refuses an expired, tampered or borrowed signature with 403 in the error shape', async () => {
      const [video, other] = await premiumFor(tier2);
      const signedUrl = video!.mediaUrl!;
      const expiredQuery = (await createMediaUrls(t.db).signer(Date.now() - 3 * 60 * 60 * 1000))(
        video!.id,
        'media',
      );
      const expired = `/api/videos/${video!.id}/media?${expiredQuery}`;
      expect(refusal(await get(expired)).message).toMatch(/expired/);
      expect(refusal(await get(expired, { cookie: tier1 })).message).toMatch(/expired/);

      const sig = new URLSearchParams(signedUrl.split('?')[1]).get('sig')!;
      const flipped = `${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`;
      const tampered = withQuery(signedUrl, (query) => query.set('sig', flipped));
      expect(refusal(await get(tampered)).message).toMatch(/not valid/);
      // A later expiry under the same signature.
      const stretched = withQuery(signedUrl, (query) =>
        query.set('exp', String(Number(query.get('exp')) + 3600)),
      );
      expect(refusal(await get(stretched)).message).toMatch(/not valid/);
      // The signature of one file opens neither another video's file nor the captions.
      expect(other).toBeDefined();
      refusal(await get(signedUrl.replace(video!.id, other!.id)));
      refusal(await get(signedUrl.replace('/media?', '/captions?')));
      expect((await get(withQuery(signedUrl, (query) => query.delete('exp')))).statusCode).toBe(403);
      expect((await get(withQuery(signedUrl, (query) => query.set('exp', 'soon')))).statusCode).toBe(400);

      // A stale link does not lock out a viewer whose session may play the video (the web app).
      expect((await get(expired, { cookie: tier2, range: 'bytes=0-3' })).statusCode).toBe(206);
    });
  });
});
