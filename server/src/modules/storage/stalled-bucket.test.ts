import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminVideoSchema,
  apiErrorSchema,
  profileImageResponseSchema,
  videoMediaUploadSchema,
  videoPosterUploadSchema,
  videoSchema,
} from '@uplift/contracts';
import { signedInAs } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { multipartContentType, multipartFile } from '../../../test/multipart.ts';
import { startTestBucket, type FreezableBucket } from '../../../test/s3-bucket.ts';
import { demoMediaDir } from '../videos/index.ts';

/** What a stalled bucket must cost at most: an answer, the 503, within this long (issue 40). */
const answerWithinMs = 10_000;

/**
 * The bucket's process frozen (SIGSTOP): it still accepts connections, and answers nothing. With the S3
 * client's default time-outs, reads and writes of photos, post images and video files answer 503 with
 * Retry-After within ten seconds instead of hanging; thawed, the same requests succeed again.
 */
describe('a stalled bucket', () => {
  let bucket: FreezableBucket;
  let t: TestApp;
  let member: string;
  let admin: string;
  let jpeg: Buffer;
  let mp4: Buffer;
  let avatarUrl: string;
  let mediaUrl: string;

  const upload = (
    url: string,
    cookie: string,
    bytes: Buffer,
    filename: string,
    type: string,
    field = 'image',
  ) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { cookie, 'content-type': multipartContentType },
      payload: multipartFile(bytes, filename, type, field),
    });
  const photoUpload = () => upload('/api/profile/upload-image', member, jpeg, 'me.jpg', 'image/jpeg');

  beforeAll(async () => {
    bucket = await startTestBucket({ ownProcess: true });
    t = await createTestApp(bucket.env);
    member = (await signedInAs(t.app, t.db, 'member-tier-1')).cookie;
    admin = (await signedInAs(t.app, t.db, 'admin')).cookie;
    jpeg = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#3a6' } })
      .jpeg()
      .toBuffer();
    mp4 = await readFile(path.join(fileURLToPath(demoMediaDir), 'ask-for-feedback.mp4'));

    const photo = await photoUpload();
    expect(photo.statusCode, photo.body).toBe(200);
    avatarUrl = profileImageResponseSchema.parse(photo.json()).photo!.avatar;
    const media = await upload('/api/admin/videos/media', admin, mp4, 'talk.mp4', 'video/mp4', 'file');
    expect(media.statusCode, media.body).toBe(200);
    const poster = await upload('/api/admin/videos/poster', admin, jpeg, 'p.jpg', 'image/jpeg', 'file');
    expect(poster.statusCode, poster.body).toBe(200);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/videos',
      headers: { cookie: admin },
      payload: {
        title: 'Asking for feedback',
        description: 'Stored in the bucket.',
        kind: 'featured',
        skillTags: ['communication'],
        premium: false,
        published: true,
        mediaKey: videoMediaUploadSchema.parse(media.json()).mediaKey,
        posterKey: videoPosterUploadSchema.parse(poster.json()).posterKey,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = adminVideoSchema.parse(created.json());
    mediaUrl = videoSchema.parse((await t.app.inject({ url: `/api/videos/${id}` })).json()).mediaUrl!;
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await bucket?.close();
  });

  it('answers 503 with Retry-After within ten seconds to reads and writes, and 200 again once it is back', async () => {
    const requests = {
      'a profile photo upload': photoUpload,
      'a post image upload': () => upload('/api/community/images', member, jpeg, 'post.jpg', 'image/jpeg'),
      'a video file upload': () =>
        upload('/api/admin/videos/media', admin, mp4, 'again.mp4', 'video/mp4', 'file'),
      'a stored photo': () => t.app.inject({ url: avatarUrl }),
      'a video file': () => t.app.inject({ url: mediaUrl, headers: { range: 'bytes=0-999' } }),
    };
    bucket.freeze();
    const answers = await Promise.all(
      Object.entries(requests).map(async ([name, send]) => {
        const started = performance.now();
        const response = await send();
        return { name, response, ms: performance.now() - started };
      }),
    );
    for (const { name, response, ms } of answers) {
      expect([name, response.statusCode], response.body).toEqual([name, 503]);
      expect([name, ms]).toEqual([name, expect.any(Number)]);
      expect(ms, name).toBeLessThan(answerWithinMs);
      expect(Number(response.headers['retry-after']), name).toBeGreaterThan(0);
      expect(apiErrorSchema.parse(response.json()).error.statusCode).toBe(503);
    }

    bucket.thaw();
    expect((await t.app.inject({ url: avatarUrl })).statusCode).toBe(200);
    expect((await t.app.inject({ url: mediaUrl, headers: { range: 'bytes=0-999' } })).statusCode).toBe(206);
    const again = await photoUpload();
    expect(again.statusCode, again.body).toBe(200);
    const served = await t.app.inject({ url: profileImageResponseSchema.parse(again.json()).photo!.avatar });
    expect(served.statusCode).toBe(200);
  }, 60_000);
});
