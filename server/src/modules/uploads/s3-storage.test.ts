import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileImageResponseSchema } from '@uplift/contracts';
import { signedInAs } from '../../../test/accounts.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/database.ts';
import { startInstance, type Instance } from '../../../test/instance.ts';
import { s3FileStorage } from './s3-storage.ts';

const bucket = 'uplift-test';
// s3rver accepts any well-formed signature made with these.
const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

let s3: S3rver;
let s3Directory: string;
let endpoint: string;

beforeAll(async () => {
  s3Directory = await mkdtemp(path.join(tmpdir(), 'uplift-s3-'));
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: s3Directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await s3.run();
  endpoint = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await s3.close();
  await rm(s3Directory, { recursive: true, force: true });
});

describe('s3FileStorage against an S3-compatible server (s3rver)', () => {
  it('stores, reads back with its size, and removes a file; a missing one is null', async () => {
    const storage = s3FileStorage({
      bucket,
      region: 'us-east-1',
      endpoint,
      ...credentials,
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
  let database: TestDatabase;
  let a: Instance;
  let b: Instance;
  let dataDirs: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    const env = {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    };
    // Each instance a folder of its own: only the bucket is shared.
    dataDirs = await Promise.all([0, 1].map(() => mkdtemp(path.join(tmpdir(), 'uplift-instance-'))));
    const [dirA = '', dirB = ''] = dataDirs;
    [a, b] = await Promise.all([
      startInstance(database.url, { ...env, DATA_DIR: dirA }),
      startInstance(database.url, { ...env, DATA_DIR: dirB }),
    ]);
  });

  afterAll(async () => {
    await Promise.all([a.app.close(), b.app.close()]);
    await Promise.all([a.db.$client.end(), b.db.$client.end()]);
    await database.drop();
    await Promise.all(dataDirs.map((dataDir) => rm(dataDir, { recursive: true, force: true })));
  });

  it('serves a profile photo uploaded through the other instance, and forgets it once removed', async () => {
    const { cookie } = await signedInAs(a.app, a.db, 'member-tier-1');
    const boundary = '----uplift-s3-test';
    const jpeg = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#36c' } })
      .jpeg()
      .toBuffer();
    const uploaded = await a.app.inject({
      method: 'POST',
      url: '/api/profile/upload-image',
      headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="me.jpg"\r\n` +
            'Content-Type: image/jpeg\r\n\r\n',
        ),
        jpeg,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
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
