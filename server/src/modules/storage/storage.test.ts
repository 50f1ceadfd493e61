import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@uplift/contracts';
import { startTestBucket, type TestBucket } from '../../../test/s3-bucket.ts';
import { loadConfig } from '../../config.ts';
import { errorsPlugin } from '../../plugins/errors.ts';
import { createStorage } from './create-storage.ts';
import { localFolderStorage } from './local-storage.ts';
import { s3Storage } from './s3-storage.ts';
import type { Storage } from './storage.ts';

/** Twenty bytes whose slices are easy to read in a failure. */
const bytes = Buffer.from('0123456789abcdefghij');

let bucket: TestBucket;
let folder: string;

beforeAll(async () => {
  bucket = await startTestBucket();
  folder = await mkdtemp(path.join(tmpdir(), 'uplift-storage-'));
});

afterAll(async () => {
  await bucket.close();
  await rm(folder, { recursive: true, force: true });
});

const implementations: Array<[string, () => Storage]> = [
  ['a local folder', () => localFolderStorage(folder)],
  [
    'an S3-compatible bucket',
    () =>
      s3Storage({
        bucket: bucket.bucket,
        region: 'us-east-1',
        endpoint: bucket.endpoint,
        ...bucket.credentials,
        forcePathStyle: true,
      }),
  ],
];

/** The same behaviour from both implementations: callers never know which one they have. */
describe.each(implementations)('storage in %s', (_name, make) => {
  let storage: Storage;
  let app: FastifyInstance;
  const warnings: string[] = [];

  beforeAll(async () => {
    storage = make();
    await storage.put('things/clip.mp4', bytes);
    app = Fastify({ logger: { level: 'warn', stream: { write: (line: string) => warnings.push(line) } } });
    await app.register(errorsPlugin);
    app.get<{ Params: { name: string } }>('/files/:name', async (request, reply) => {
      const served = await storage.serve(request, reply, `things/${request.params.name}`, {
        ranges: true,
        headers: { 'cache-control': 'public, max-age=60' },
      });
      return served ? reply : reply.code(404).send({ missing: true });
    });
    await app.ready();
  });

  afterAll(() => app.close());

  const get = (headers: Record<string, string> = {}, name = 'clip.mp4') =>
    app.inject({ url: `/files/${name}`, headers });

  it('says it answered, so the caller sends nothing more and nothing is logged as a fault', async () => {
    warnings.length = 0;
    expect((await get()).statusCode).toBe(200);
    expect((await get({ range: 'bytes=0-3' })).statusCode).toBe(206);
    const { etag } = (await get()).headers;
    expect((await get({ 'if-none-match': String(etag) })).statusCode).toBe(304);
    expect((await get({}, 'gone.mp4')).json()).toEqual({ missing: true });
    // Answering with the reply itself read as "no such file" once awaited: every file served logged a fault.
    expect(warnings).toEqual([]);
  });

  it('keeps a file, says its size, reads it whole and by range, and removes it', async () => {
    await storage.put('things/note.webp', Buffer.from('short'), { metadata: { version: 'v1' } });
    expect((await storage.head('things/note.webp'))?.size).toBe(5);
    expect(await text((await storage.read('things/clip.mp4'))!)).toBe(bytes.toString());
    expect(await text((await storage.read('things/clip.mp4', { start: 2, end: 5 }))!)).toBe('2345');
    expect(await text((await storage.read('things/clip.mp4', { start: 30, end: 40 }))!)).toBe('');

    await storage.remove('things/note.webp');
    await storage.remove('things/note.webp');
    expect(await storage.head('things/note.webp')).toBeNull();
    expect(await storage.read('things/note.webp')).toBeNull();
  });

  it('refuses a key it did not make, and finds nothing under one', async () => {
    await expect(storage.put('../escape.webp', Buffer.from('x'))).rejects.toThrow(/refusing storage key/);
    await expect(storage.remove('things/.hidden')).rejects.toThrow(/refusing storage key/);
    expect(await storage.head('../things/clip.mp4')).toBeNull();
    expect(await storage.read('things/../things/clip.mp4')).toBeNull();
  });

  it('stores a received file streamed from disk', async () => {
    const received = path.join(await mkdtemp(path.join(tmpdir(), 'uplift-received-')), 'a.upload');
    await writeFile(received, bytes);
    await storage.put('things/moved.mp4', { temporaryFile: received });
    expect(await text((await storage.read('things/moved.mp4'))!)).toBe(bytes.toString());
    await rm(path.dirname(received), { recursive: true, force: true });
  });

  it('serves the whole file with its type and validators, and one byte range as a 206', async () => {
    const whole = await get();
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(bytes)).toBe(true);
    expect(whole.headers).toMatchObject({
      'content-type': 'video/mp4',
      'content-length': '20',
      'accept-ranges': 'bytes',
      'cache-control': 'public, max-age=60',
    });
    expect(whole.headers.etag).toBeTruthy();
    expect(whole.headers['last-modified']).toBeTruthy();

    const cases = [
      ['bytes=2-5', 'bytes 2-5/20', '2345'],
      ['bytes=-4', 'bytes 16-19/20', 'ghij'],
      ['bytes=15-', 'bytes 15-19/20', 'fghij'],
    ];
    for (const [range, contentRange, body] of cases) {
      const slice = await get({ range: range! });
      expect([slice.statusCode, slice.headers['content-range'], slice.body]).toEqual([
        206,
        contentRange,
        body,
      ]);
    }
  });

  it('answers a HEAD with the headers alone', async () => {
    const head = await app.inject({ method: 'HEAD', url: '/files/clip.mp4' });
    expect([head.statusCode, head.headers['content-length'], head.body]).toEqual([200, '20', '']);
  });

  it('answers 304 to a copy that is still current and 412 to a condition the file fails', async () => {
    const { etag, 'last-modified': lastModified } = (await get()).headers;
    const fresh = await get({ 'if-none-match': String(etag) });
    expect([fresh.statusCode, fresh.body]).toEqual([304, '']);
    expect(fresh.headers['cache-control']).toBe('public, max-age=60');
    expect((await get({ 'if-modified-since': String(lastModified) })).statusCode).toBe(304);

    const failed = await get({ 'if-match': '"another"' });
    expect(failed.statusCode).toBe(412);
    expect(apiErrorSchema.parse(failed.json()).error.message).toMatch(/changed/);
    expect(failed.headers['cache-control']).not.toBe('public, max-age=60');
  });

  it('answers 416 with the file’s length to a range past its end', async () => {
    const beyond = await get({ range: 'bytes=20-' });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe('bytes */20');
    expect(apiErrorSchema.parse(beyond.json()).error.message).toMatch(/range/);
  });

  it('sends a range only while If-Range names the current file, the whole file once it does not', async () => {
    const { etag } = (await get()).headers;
    const current = await get({ range: 'bytes=0-1', 'if-range': String(etag) });
    expect([current.statusCode, current.body]).toEqual([206, '01']);
    const changed = await get({ range: 'bytes=0-1', 'if-range': '"an-older-copy"' });
    expect([changed.statusCode, changed.body]).toEqual([200, bytes.toString()]);
  });

  it('sends nothing for a missing file: what that means is the caller’s to say', async () => {
    const missing = await get({}, 'never-stored.mp4');
    expect([missing.statusCode, missing.json()]).toEqual([404, { missing: true }]);
  });
});

describe('createStorage without S3_BUCKET', () => {
  it('keeps a key’s folder as a folder of DATA_DIR, where photos and videos were stored before', async () => {
    const storage = await createStorage(loadConfig({ NODE_ENV: 'test', DATA_DIR: folder }));
    await storage.put('uploads/abc123-avatar.webp', Buffer.from('x'));
    await storage.put('videos/0123abcd.mp4', Buffer.from('y'));
    expect(await readdir(path.join(folder, 'uploads'))).toEqual(['abc123-avatar.webp']);
    expect(await readdir(path.join(folder, 'videos'))).toEqual(['0123abcd.mp4']);
  });
});
