import { text } from 'node:stream/consumers';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileImageResponseSchema } from '@uplift/contracts';
import { signedInAs } from '../../../test/accounts.ts';
import type { Instance } from '../../../test/instance.ts';
import { multipartContentType, multipartFile } from '../../../test/multipart.ts';
import { startTestBucket, type TestBucket } from '../../../test/s3-bucket.ts';
import { twoInstancesOnOneBucket, type TwoInstances } from '../../../test/two-instances.ts';
import { s3FileStorage } from './s3-storage.ts';

let bucket: TestBucket;

beforeAll(async () => {
  bucket = await startTestBucket();
});

afterAll(async () => {
  await bucket.close();
});

describe('s3FileStorage against an S3-compatible server (s3rver)', () => {
  it('stores, reads back with its size, and removes a file; a missing one is null', async () => {
    const storage = s3FileStorage({
      bucket: bucket.bucket,
      region: 'us-east-1',
      endpoint: bucket.endpoint,
      ...bucket.credentials,
      forcePathStyle: true,
      prefix: 'uploads/',
    });
    await storage.put('abc123-avatar.webp', Buffer.from('not really a picture'));
    const file = await storage.open('abc123-avatar.webp');
    expect(file?.size).toBe(20);
    expect(await text(file!.stream)).toBe('not really a picture');

    await storage.remove('abc123-avatar.webp');
    expect(await storage.open('abc123-avatar.webp')).toBeNull();
    expect(await storage.open('never-stored.webp')).toBeNull();
    await expect(storage.put('../escape.webp', Buffer.from('x'))).rejects.toThrow(/refusing storage name/);
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
