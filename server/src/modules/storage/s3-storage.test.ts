import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileImageResponseSchema } from '@uplift/contracts';
import { signedInAs } from '../../../test/accounts.ts';
import type { Instance } from '../../../test/instance.ts';
import { multipartContentType, multipartFile } from '../../../test/multipart.ts';
import { startTestBucket, type TestBucket } from '../../../test/s3-bucket.ts';
import { twoInstancesOnOneBucket, type TwoInstances } from '../../../test/two-instances.ts';
import { loadConfig } from '../../config.ts';
import { createStorage } from './create-storage.ts';

let bucket: TestBucket;

beforeAll(async () => {
  bucket = await startTestBucket();
});

afterAll(async () => {
  await bucket.close();
});

describe('createStorage with S3_BUCKET set', () => {
  it('keeps each key as the object key: the `uploads/` and `videos/` layout files were stored in before', async () => {
    const storage = await createStorage(loadConfig({ NODE_ENV: 'test', ...bucket.env }));
    await storage.put('uploads/abc123-avatar.webp', Buffer.from('not really a picture'));
    await storage.put('videos/0123abcd.mp4', Buffer.from('not really a video'));
    const client = new S3Client({
      region: 'us-east-1',
      endpoint: bucket.endpoint,
      forcePathStyle: true,
      credentials: bucket.credentials,
    });
    const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket.bucket }));
    client.destroy();
    expect((listed.Contents ?? []).map((object) => object.Key)).toEqual([
      'uploads/abc123-avatar.webp',
      'videos/0123abcd.mp4',
    ]);
    await storage.remove('uploads/abc123-avatar.webp');
    await storage.remove('videos/0123abcd.mp4');
    expect(await storage.head('uploads/abc123-avatar.webp')).toBeNull();
  });
});

/** Two instances on one database and one bucket: a photo uploaded through one is served by the other. */
describe('uploads in the bucket, on every instance', () => {
  let instances: TwoInstances;
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    instances = await twoInstancesOnOneBucket(bucket);
    ({ a, b } = instances);
  });

  afterAll(async () => {
    await instances.close();
  });

  it('serves a profile photo uploaded through the other instance, and forgets it once removed', async () => {
    const { cookie } = await signedInAs(a.app, a.db, 'member-tier-1');
    const jpeg = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#36c' } })
      .jpeg()
      .toBuffer();
    const uploaded = await a.app.inject({
      method: 'POST',
      url: '/api/profile/upload-image',
      headers: { cookie, 'content-type': multipartContentType },
      payload: multipartFile(jpeg, 'me.jpg', 'image/jpeg'),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const { photo } = profileImageResponseSchema.parse(uploaded.json());
    const avatar = photo!.avatar;

    const served = await fetch(`${b.url}${avatar}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const metadata = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['webp', 256, 256]);

    const removed = await b.app.inject({ method: 'DELETE', url: '/api/profile/image', headers: { cookie } });
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    expect((await fetch(`${a.url}${avatar}`)).status).toBe(404);
  });
});
