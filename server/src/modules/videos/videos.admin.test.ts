import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminVideoListSchema,
  adminVideoSchema,
  apiErrorSchema,
  auditLogPageSchema,
  videoListResponseSchema,
  videoMediaUploadSchema,
  videoPosterUploadSchema,
  videoUploadLimits,
} from '@uplift/contracts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { signedInAs } from '../../../test/accounts.ts';
import {
  multipartContentType,
  multipartEnd,
  multipartFile,
  multipartStart,
} from '../../../test/multipart.ts';
import { demoMediaDir } from './demo-catalogue.ts';
import { seedVideos } from '../../seed/videos.ts';

const demoFile = (name: string) => readFile(path.join(fileURLToPath(demoMediaDir), name));

describe('admin videos: create, edit, publish, delete, uploads', () => {
  let t: TestApp;
  let dataDir: string;
  let admin: string;
  let member: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'uplift-admin-videos-'));
    t = await createTestApp({ DATA_DIR: dataDir });
    await seedVideos(t.db);
    admin = (await signedInAs(t.app, t.db, 'admin')).cookie;
    member = (await signedInAs(t.app, t.db, 'member-tier-2')).cookie;
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const upload = (url: string, bytes: Buffer, filename: string, type: string, cookie = admin) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { cookie, 'content-type': multipartContentType },
      payload: multipartFile(bytes, filename, type, 'file'),
    });
  const json = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, cookie = admin) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const publicFeatured = async () =>
    videoListResponseSchema.parse((await t.app.inject({ url: '/api/videos/featured' })).json()).items;
  const storedUploads = async () => readdir(path.join(dataDir, 'videos')).catch(() => [] as string[]);
  const poster = () =>
    sharp({ create: { width: 640, height: 360, channels: 3, background: '#246' } })
      .jpeg()
      .toBuffer();

  async function uploadFiles() {
    const media = await upload(
      '/api/admin/videos/media',
      await demoFile('first-90-days.mp4'),
      'a.mp4',
      'video/mp4',
    );
    expect(media.statusCode, media.body).toBe(200);
    const posterUpload = await upload('/api/admin/videos/poster', await poster(), 'p.jpg', 'image/jpeg');
    expect(posterUpload.statusCode, posterUpload.body).toBe(200);
    return {
      media: videoMediaUploadSchema.parse(media.json()),
      poster: videoPosterUploadSchema.parse(posterUpload.json()),
    };
  }

  it('lists every video, unpublished ones too, to admins only', async () => {
    const response = await t.app.inject({ url: '/api/admin/videos', headers: { cookie: admin } });
    const items = adminVideoListSchema.parse(response.json()).items;
    expect(items.length).toBeGreaterThanOrEqual(12);
    expect(items.every((video) => video.mediaSource === 'seeded')).toBe(true);
    expect((await t.app.inject({ url: '/api/admin/videos', headers: { cookie: member } })).statusCode).toBe(
      403,
    );
  });

  it('measures an uploaded MP4 from its bytes and refuses a renamed file', async () => {
    const { media } = await uploadFiles();
    expect(media.mediaKey).toMatch(/^uploads\/[0-9a-f]{32}\.mp4$/);
    expect(media.durationSeconds).toBe(24);

    // A JPEG named and declared as an MP4 is read for what it is.
    const renamed = await upload('/api/admin/videos/media', await poster(), 'talk.mp4', 'video/mp4');
    expect(renamed.statusCode).toBe(400);
    expect(apiErrorSchema.parse(renamed.json()).error.message).toMatch(/not an MP4/);
    // And an MP4 is no poster.
    const mp4Poster = await upload(
      '/api/admin/videos/poster',
      await demoFile('first-90-days.mp4'),
      'p.jpg',
      'image/jpeg',
    );
    expect(mp4Poster.statusCode).toBe(400);
    expect((await storedUploads()).filter((name) => name.endsWith('.upload'))).toEqual([]);
  });

  it('answers 413 in the error shape to a video one byte over the limit, and keeps none of it', async () => {
    // Streamed in 1 MB chunks, so the test never holds the 200 MB it sends.
    const chunk = Buffer.alloc(1024 * 1024);
    const size = videoUploadLimits.mediaMaxBytes + 1;
    async function* body() {
      yield multipartStart('long.mp4', 'video/mp4', 'file');
      for (let sent = 0; sent < size; sent += chunk.length)
        yield chunk.subarray(0, Math.min(chunk.length, size - sent));
      yield multipartEnd;
    }
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/videos/media',
      headers: { cookie: admin, 'content-type': multipartContentType },
      payload: Readable.from(body()),
    });
    expect(response.statusCode).toBe(413);
    expect(apiErrorSchema.parse(response.json()).error).toMatchObject({
      statusCode: 413,
      message: 'This file is too large. Choose one of at most 200 MB.',
    });
    // The partial file streamed to the incoming folder is deleted once refused.
    expect(await readdir(path.join(dataDir, 'incoming'))).toEqual([]);
  });

  it('validates a new video with field errors, and a key that was never uploaded', async () => {
    const bad = await json('POST', '/api/admin/videos', {
      title: ' ',
      description: 'x',
      kind: 'feature',
      skillTags: [],
      mediaKey: '../../etc/passwd',
      posterKey: 'demo/first-90-days.jpg',
    });
    expect(bad.statusCode).toBe(400);
    const paths = apiErrorSchema.parse(bad.json()).error.issues?.map((issue) => issue.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'body.title',
        'body.kind',
        'body.skillTags',
        'body.mediaKey',
        'body.posterKey',
      ]),
    );

    const { poster: stored } = await uploadFiles();
    const missing = await json('POST', '/api/admin/videos', {
      title: 'Ghost',
      description: 'Never uploaded',
      kind: 'featured',
      skillTags: ['communication'],
      mediaKey: `uploads/${'0'.repeat(32)}.mp4`,
      posterKey: stored.posterKey,
    });
    expect(missing.statusCode).toBe(400);
    expect(apiErrorSchema.parse(missing.json()).error.issues?.[0]?.path).toBe('body.mediaKey');
  });

  it('creates unpublished, publishes into the public list, unpublishes out of it (404 to members), audits each', async () => {
    const { media, poster: stored } = await uploadFiles();
    const created = await json('POST', '/api/admin/videos', {
      title: 'Negotiating your first offer',
      description: 'Three questions to ask before you say yes.',
      kind: 'featured',
      skillTags: ['communication', 'leadership'],
      premium: false,
      mediaKey: media.mediaKey,
      posterKey: stored.posterKey,
    });
    expect(created.statusCode, created.body).toBe(201);
    const video = adminVideoSchema.parse(created.json());
    expect(video).toMatchObject({ published: false, durationSeconds: 24, mediaSource: 'uploaded' });
    expect((await publicFeatured()).map((item) => item.id)).not.toContain(video.id);
    expect(
      (await t.app.inject({ url: `/api/videos/${video.id}`, headers: { cookie: member } })).statusCode,
    ).toBe(404);

    const published = await json('PATCH', `/api/admin/videos/${video.id}`, { published: true });
    expect(adminVideoSchema.parse(published.json()).published).toBe(true);
    const listed = (await publicFeatured()).find((item) => item.id === video.id);
    expect(listed?.title).toBe('Negotiating your first offer');
    const mediaResponse = await t.app.inject({ url: listed!.mediaUrl! });
    expect(mediaResponse.statusCode).toBe(200);
    expect(mediaResponse.rawPayload.equals(await demoFile('first-90-days.mp4'))).toBe(true);

    await json('PATCH', `/api/admin/videos/${video.id}`, { title: 'Negotiating an offer', published: false });
    expect((await publicFeatured()).map((item) => item.id)).not.toContain(video.id);
    expect((await t.app.inject({ url: `/api/videos/${video.id}` })).statusCode).toBe(404);

    const audit = auditLogPageSchema.parse(
      (
        await t.app.inject({ url: `/api/admin/audit-log?subjectId=${video.id}`, headers: { cookie: admin } })
      ).json(),
    ).items;
    expect(audit.map((entry) => entry.action)).toEqual(['video.update', 'video.publish', 'video.create']);
    expect(audit[0]).toMatchObject({
      before: { title: 'Negotiating your first offer', published: true },
      after: { title: 'Negotiating an offer', published: false },
    });
  });

  it('edits a seeded video keeping its seeded file, and never deletes seeded files', async () => {
    const seeded = adminVideoListSchema
      .parse((await t.app.inject({ url: '/api/admin/videos', headers: { cookie: admin } })).json())
      .items.find((video) => video.kind === 'featured' && video.published)!;
    const edited = adminVideoSchema.parse(
      (
        await json('PATCH', `/api/admin/videos/${seeded.id}`, { title: 'Renamed seeded', premium: true })
      ).json(),
    );
    expect(edited).toMatchObject({
      title: 'Renamed seeded',
      premium: true,
      mediaSource: 'seeded',
      hasCaptions: true,
    });
    expect((await json('DELETE', `/api/admin/videos/${seeded.id}`)).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/videos/${seeded.id}` })).statusCode).toBe(404);
    // The repository's demo media is untouched.
    expect((await readdir(fileURLToPath(demoMediaDir))).length).toBeGreaterThanOrEqual(36);
  });

  it('deleting a video removes its uploaded files', async () => {
    // A different file from the other tests' uploads (names are content hashes).
    const mediaUpload = await upload(
      '/api/admin/videos/media',
      await demoFile('ask-for-feedback.mp4'),
      'b.mp4',
      'video/mp4',
    );
    const media = videoMediaUploadSchema.parse(mediaUpload.json());
    const posterBytes = await sharp({ create: { width: 320, height: 180, channels: 3, background: '#a51' } })
      .png()
      .toBuffer();
    const stored = videoPosterUploadSchema.parse(
      (await upload('/api/admin/videos/poster', posterBytes, 'p.png', 'image/png')).json(),
    );
    const video = adminVideoSchema.parse(
      (
        await json('POST', '/api/admin/videos', {
          title: 'Short to delete',
          description: 'Gone soon.',
          kind: 'short',
          skillTags: ['communication'],
          published: true,
          mediaKey: media.mediaKey,
          posterKey: stored.posterKey,
        })
      ).json(),
    );
    const names = [media.mediaKey, stored.posterKey].map((key) => key.replace('uploads/', ''));
    expect(await storedUploads()).toEqual(expect.arrayContaining(names));

    expect((await json('DELETE', `/api/admin/videos/${video.id}`, undefined, member)).statusCode).toBe(403);
    expect((await json('DELETE', `/api/admin/videos/${video.id}`)).statusCode).toBe(200);
    const left = await storedUploads();
    for (const name of names) expect(left).not.toContain(name);
    expect((await json('DELETE', `/api/admin/videos/${video.id}`)).statusCode).toBe(404);
    const audit = auditLogPageSchema.parse(
      (
        await t.app.inject({ url: `/api/admin/audit-log?action=video.delete`, headers: { cookie: admin } })
      ).json(),
    ).items;
    expect(audit.find((entry) => entry.subjectId === video.id)?.before).toMatchObject({
      title: 'Short to delete',
    });
  });
});
