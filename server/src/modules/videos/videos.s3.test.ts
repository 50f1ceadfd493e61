import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  adminVideoSchema,
  apiErrorSchema,
  videoMediaUploadSchema,
  videoPosterUploadSchema,
  videoSchema,
} from '@uplift/contracts';
import { signedInAs } from '../../../test/accounts.ts';
import type { Instance } from '../../../test/instance.ts';
import { multipartContentType, multipartFile } from '../../../test/multipart.ts';
import { startTestBucket, type TestBucket } from '../../../test/s3-bucket.ts';
import { twoInstancesOnOneBucket, type TwoInstances } from '../../../test/two-instances.ts';
import { demoMediaDir } from './demo-catalogue.ts';

/**
 * Two instances on one database and one bucket, each with a DATA_DIR of its own: a video an admin uploads
 * through one plays from the other, ranges included, and deleting it through either removes its files.
 */
describe('admin-uploaded videos in the bucket, on every instance', () => {
  let bucket: TestBucket;
  let instances: TwoInstances;
  let a: Instance;
  let b: Instance;
  let admin: string;

  beforeAll(async () => {
    bucket = await startTestBucket();
    instances = await twoInstancesOnOneBucket(bucket);
    ({ a, b } = instances);
    admin = (await signedInAs(a.app, a.db, 'admin')).cookie;
  });

  afterAll(async () => {
    await instances.close();
    await bucket.close();
  });

  /** Uploads a file as the admin through `instance`; it must succeed, and its answer parse as `schema`. */
  const upload = async <T>(
    instance: Instance,
    url: string,
    schema: z.ZodType<T>,
    file: { bytes: Buffer; filename: string; type: string },
  ): Promise<T> => {
    const response = await instance.app.inject({
      method: 'POST',
      url,
      headers: { cookie: admin, 'content-type': multipartContentType },
      payload: multipartFile(file.bytes, file.filename, file.type, 'file'),
    });
    expect(response.statusCode, response.body).toBe(200);
    return schema.parse(response.json());
  };
  const videoFiles = async () => {
    const client = new S3Client({
      region: 'us-east-1',
      endpoint: bucket.endpoint,
      forcePathStyle: true,
      credentials: bucket.credentials,
    });
    const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket.bucket, Prefix: 'videos/' }));
    client.destroy();
    return (listed.Contents ?? []).map((object) => object.Key);
  };

  it('serves an MP4 and poster uploaded through the other instance, whole and in ranges, until deleted', async () => {
    const mp4 = await readFile(path.join(fileURLToPath(demoMediaDir), 'first-90-days.mp4'));
    const media = await upload(a, '/api/admin/videos/media', videoMediaUploadSchema, {
      bytes: mp4,
      filename: 'talk.mp4',
      type: 'video/mp4',
    });
    expect(media.durationSeconds).toBe(24);
    const jpeg = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#246' } })
      .jpeg()
      .toBuffer();
    const poster = await upload(a, '/api/admin/videos/poster', videoPosterUploadSchema, {
      bytes: jpeg,
      filename: 'p.jpg',
      type: 'image/jpeg',
    });

    // Instance B never received the files: it finds them (and the MP4's length) in the bucket.
    const created = await b.app.inject({
      method: 'POST',
      url: '/api/admin/videos',
      headers: { cookie: admin },
      payload: {
        title: 'Negotiating your first offer',
        description: 'Three questions to ask before you say yes.',
        kind: 'featured',
        skillTags: ['communication'],
        premium: false,
        published: true,
        mediaKey: media.mediaKey,
        posterKey: poster.posterKey,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id, durationSeconds } = adminVideoSchema.parse(created.json());
    expect(durationSeconds).toBe(24);
    const video = videoSchema.parse((await b.app.inject({ url: `/api/videos/${id}` })).json());

    const whole = await fetch(`${b.url}${video.mediaUrl}`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('content-length')).toBe(String(mp4.length));
    expect(whole.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await whole.arrayBuffer()).equals(mp4)).toBe(true);

    const slice = await fetch(`${b.url}${video.mediaUrl}`, { headers: { range: 'bytes=1000-1999' } });
    expect(slice.status).toBe(206);
    expect(slice.headers.get('content-range')).toBe(`bytes 1000-1999/${mp4.length}`);
    expect(Buffer.from(await slice.arrayBuffer()).equals(mp4.subarray(1000, 2000))).toBe(true);
    const tail = await fetch(`${b.url}${video.mediaUrl}`, { headers: { range: 'bytes=-500' } });
    expect(tail.headers.get('content-range')).toBe(
      `bytes ${mp4.length - 500}-${mp4.length - 1}/${mp4.length}`,
    );
    expect(Buffer.from(await tail.arrayBuffer()).equals(mp4.subarray(-500))).toBe(true);

    const beyond = await fetch(`${b.url}${video.mediaUrl}`, { headers: { range: `bytes=${mp4.length}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${mp4.length}`);
    expect(apiErrorSchema.parse(await beyond.json()).error.message).toMatch(/range/);

    // A player revalidating its copy gets a 304; one holding another copy gets a 412. (Through inject:
    // fetch adds `cache-control: no-cache` to a conditional request, which asks for the file whole.)
    const conditional = (headers: Record<string, string>) =>
      b.app.inject({ url: `/api/videos/${id}/media`, headers });
    const etag = whole.headers.get('etag')!;
    expect((await conditional({ 'if-none-match': etag })).statusCode).toBe(304);
    expect((await conditional({ 'if-match': '"another"' })).statusCode).toBe(412);

    const posterFile = await fetch(`${b.url}${video.posterUrl}`);
    expect(posterFile.status).toBe(200);
    expect(posterFile.headers.get('content-type')).toBe('image/webp');
    const image = await sharp(Buffer.from(await posterFile.arrayBuffer())).metadata();
    expect([image.format, image.width, image.height]).toEqual(['webp', 640, 360]);

    const removed = await b.app.inject({
      method: 'DELETE',
      url: `/api/admin/videos/${id}`,
      headers: { cookie: admin },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await fetch(`${a.url}${video.mediaUrl}`)).status).toBe(404);
    expect(await videoFiles()).toEqual([]);
    // Instance A, which received the upload, no longer has it either.
    const again = await a.app.inject({
      method: 'POST',
      url: '/api/admin/videos',
      headers: { cookie: admin },
      payload: {
        title: 'From a deleted upload',
        description: 'Its files are gone.',
        kind: 'featured',
        skillTags: ['communication'],
        mediaKey: media.mediaKey,
        posterKey: poster.posterKey,
      },
    });
    expect(again.statusCode).toBe(400);
    expect(apiErrorSchema.parse(again.json()).error.issues?.[0]?.path).toBe('body.mediaKey');
  });
});
