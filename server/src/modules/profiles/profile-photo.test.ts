import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema, profileImageResponseSchema, userSchema } from '@uplift/contracts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { signedInAs } from '../../../test/accounts.ts';
import { multipartContentType, multipartFile } from '../../../test/multipart.ts';

/** A landscape photo stored sideways (EXIF orientation 6) with camera and GPS metadata. */
function cameraJpeg() {
  return sharp({ create: { width: 400, height: 200, channels: 3, background: '#c33' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Make: 'TestCam', Model: 'T1' }, GPSIFD: { GPSLatitudeRef: 'N' } } as never)
    .toBuffer();
}

/** A valid PNG header claiming 60000×60000 pixels: tiny on disk, gigabytes once decoded. */
function pixelBomb() {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (data: Buffer) => {
    let c = 0xffffffff;
    for (const byte of data) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(60_000, 0);
  header.writeUInt32BE(60_000, 4);
  header.set([8, 0, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(60_001))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('profile photo upload', () => {
  let t: TestApp;
  let dataDir: string;
  const uploadsDir = () => path.join(dataDir, 'uploads');
  /** Uploads are received as temporary files here and deleted once handled, whatever the outcome. */
  const receivedFiles = () => readdir(path.join(dataDir, 'incoming'));

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'uplift-photos-'));
    t = await createTestApp({ DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const upload = (cookie: string, bytes: Buffer, filename = 'photo.jpg', type = 'image/jpeg') =>
    t.app.inject({
      method: 'POST',
      url: '/api/profile/upload-image',
      headers: { cookie, 'content-type': multipartContentType },
      payload: multipartFile(bytes, filename, type),
    });

  it('re-encodes each accepted type, upright, without metadata, in three sizes', async () => {
    const { cookie } = await signedInAs(t.app, t.db, 'member-tier-1');
    const inputs: Array<[string, Buffer]> = [
      ['jpeg', await cameraJpeg()],
      [
        'png',
        await sharp({ create: { width: 300, height: 300, channels: 4, background: '#3c3' } })
          .png()
          .toBuffer(),
      ],
      [
        'webp',
        await sharp({ create: { width: 300, height: 300, channels: 3, background: '#33c' } })
          .webp()
          .toBuffer(),
      ],
      [
        'avif',
        await sharp({ create: { width: 300, height: 300, channels: 3, background: '#cc3' } })
          .avif()
          .toBuffer(),
      ],
    ];
    for (const [format, bytes] of inputs) {
      // The declared name and type are ignored: only the bytes count.
      const response = await upload(cookie, bytes, 'whatever.bin', 'application/octet-stream');
      expect(response.statusCode, format).toBe(200);
      // How long receiving and processing took, for the bench (and any operator's browser tools).
      expect(response.headers['server-timing']).toMatch(/^receive;dur=[\d.]+, process;dur=[\d.]+$/);
      const { photo } = profileImageResponseSchema.parse(response.json());
      for (const [size, url] of Object.entries(photo!)) {
        const file = await t.app.inject({ method: 'GET', url });
        expect(file.statusCode).toBe(200);
        expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        const metadata = await sharp(file.rawPayload).metadata();
        expect(metadata.format).toBe('webp');
        expect(metadata.exif).toBeUndefined();
        expect(metadata.orientation).toBeUndefined();
        if (size === 'avatar') expect([metadata.width, metadata.height]).toEqual([256, 256]);
        if (size === 'full' && format === 'jpeg') {
          // Stored sideways with orientation 6: upright it is portrait.
          expect([metadata.width, metadata.height]).toEqual([200, 400]);
        }
      }
    }
  });

  it('refuses what is not an accepted image with a clear 400, and too large a file with 413', async () => {
    const { cookie } = await signedInAs(t.app, t.db, 'member-tier-1');
    const jpeg = await sharp({
      create: {
        width: 800,
        height: 800,
        channels: 3,
        background: '#888',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .jpeg()
      .toBuffer();
    const heic = Buffer.concat([
      Buffer.from([0, 0, 0, 24]),
      Buffer.from('ftypheic\0\0\0\0mif1heic', 'latin1'),
      Buffer.alloc(64),
    ]);
    const before = await readdir(uploadsDir()).catch(() => []);
    const cases: Array<[string, Buffer, number, RegExp]> = [
      ['renamed text file', Buffer.from('hello, I am not a picture'), 400, /not an image we can read/],
      ['truncated image', jpeg.subarray(0, Math.floor(jpeg.length / 2)), 400, /./],
      ['pixel bomb', pixelBomb(), 400, /too large \(60000×60000 pixels\)/],
      ['HEIC', heic, 400, /HEIC/],
      ['oversized', Buffer.alloc(10 * 1024 * 1024 + 1, 0xff), 413, /at most 10 MB/],
    ];
    for (const [name, bytes, status, message] of cases) {
      const response = await upload(cookie, bytes);
      expect(response.statusCode, name).toBe(status);
      expect(apiErrorSchema.parse(response.json()).error.message, name).toMatch(message);
    }
    const noFile = await t.app.inject({
      method: 'POST',
      url: '/api/profile/upload-image',
      headers: { cookie, 'content-type': 'application/json' },
      payload: {},
    });
    expect(noFile.statusCode).toBe(415);
    expect(await readdir(uploadsDir()).catch(() => [])).toEqual(before);
    expect(await receivedFiles()).toEqual([]);
  });

  it('replaces and removes: old files are deleted, the account avatar follows', async () => {
    const { cookie } = await signedInAs(t.app, t.db, 'member-tier-1');
    const first = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#111' } })
      .png()
      .toBuffer();
    const second = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#eee' } })
      .png()
      .toBuffer();
    const before = new Set(await readdir(uploadsDir()).catch(() => []));
    const a = profileImageResponseSchema.parse((await upload(cookie, first)).json()).photo!;
    const b = profileImageResponseSchema.parse((await upload(cookie, second)).json()).photo!;
    expect(b.avatar).not.toBe(a.avatar);
    const now = (await readdir(uploadsDir())).filter((name) => !before.has(name));
    expect(now.sort()).toEqual(
      Object.values(b)
        .map((url) => url.split('/').pop())
        .sort(),
    );
    expect((await t.app.inject({ method: 'GET', url: a.avatar })).statusCode).toBe(404);
    expect(await receivedFiles()).toEqual([]);

    const verify = await t.app.inject({ method: 'GET', url: '/api/auth/verify', headers: { cookie } });
    expect(userSchema.parse(verify.json().user).avatarUrl).toBe(b.avatar);
    const current = await t.app.inject({ method: 'GET', url: '/api/profile/image-url', headers: { cookie } });
    expect(profileImageResponseSchema.parse(current.json()).photo).toEqual(b);

    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/profile/image', headers: { cookie } })).statusCode,
    ).toBe(200);
    expect((await readdir(uploadsDir())).filter((name) => !before.has(name))).toEqual([]);
    const after = await t.app.inject({ method: 'GET', url: '/api/auth/verify', headers: { cookie } });
    expect(userSchema.parse(after.json().user).avatarUrl).toBeNull();
  });

  it('leaves no file behind when the client dies mid-upload', async () => {
    const { cookie } = await signedInAs(t.app, t.db, 'member-tier-1');
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const before = await readdir(uploadsDir()).catch(() => []);
    const body = multipartFile(await cameraJpeg(), 'photo.jpg', 'image/jpeg');
    let receivingWhenCut = 0;
    await new Promise<void>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write(
          `POST /api/profile/upload-image HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\n` +
            `Content-Type: ${multipartContentType}\r\nContent-Length: ${body.length}\r\n\r\n`,
        );
        socket.write(body.subarray(0, Math.floor(body.length / 2)), () => {
          setTimeout(() => {
            // Half the photo has arrived: it is being received on disk, not in memory.
            void receivedFiles().then((files) => {
              receivingWhenCut = files.length;
              socket.destroy();
              resolve();
            }, reject);
          }, 100);
        });
      });
      socket.on('error', reject);
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receivingWhenCut).toBe(1);
    expect(await readdir(uploadsDir()).catch(() => [])).toEqual(before);
    expect(await receivedFiles()).toEqual([]);
  });
});
