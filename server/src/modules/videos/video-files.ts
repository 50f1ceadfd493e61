import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { uploadedMediaKeyPattern, uploadedPosterKeyPattern, videoUploadLimits } from '@uplift/contracts';
import { FileRejected } from '../uploads/file-rejected.ts';
import { localFileStorage } from '../uploads/file-storage.ts';
import { processImage, type ImageInput, type ImageSize } from '../uploads/image-pipeline.ts';
import type { VideoBucket, VideoFileFacts, VideoFileStore } from './video-bucket.ts';

/**
 * Admin-uploaded video files. They live where the media store serves `uploads/…` keys from (the bucket
 * when there is one, DATA_DIR/videos otherwise, see media-store.ts), named by a hash of their bytes: the
 * same file uploaded twice is stored once, and a name never changes meaning, so its URLs stay cacheable as
 * immutable.
 */

export class VideoFileRejected extends FileRejected {}

/** Brands of the ISO-BMFF `ftyp` box that browsers play as MP4 (H.264/AAC and friends). */
const mp4Brands = new Set(['isom', 'iso2', 'iso4', 'iso5', 'iso6', 'mp41', 'mp42', 'avc1', 'M4V ', 'dash']);

const notMp4 = 'This file is not an MP4 video. Export it as MP4 (H.264) and upload that.';

interface Box {
  type: string;
  start: number;
  headerSize: number;
  size: number;
}

/** Reads box headers (size, type; 64-bit sizes too) from `from` up to `end`, without reading the bodies. */
async function* boxes(file: Awaited<ReturnType<typeof open>>, from: number, end: number) {
  const header = Buffer.alloc(16);
  let at = from;
  while (at + 8 <= end) {
    const { bytesRead } = await file.read(header, 0, 16, at);
    if (bytesRead < 8) return;
    let size = header.readUInt32BE(0);
    let headerSize = 8;
    if (size === 1) {
      if (bytesRead < 16) return;
      size = Number(header.readBigUInt64BE(8));
      headerSize = 16;
    } else if (size === 0) {
      size = end - at;
    }
    if (size < headerSize || at + size > end) throw new VideoFileRejected(notMp4);
    yield { type: header.toString('latin1', 4, 8), start: at, headerSize, size } satisfies Box;
    at += size;
  }
}

/**
 * Checks from the bytes (never the name or declared type) that the file is an MP4 and returns its length
 * in seconds from the movie header (`moov`/`mvhd`), wherever the muxer put `moov` (start or end).
 */
export async function readMp4Duration(filePath: string): Promise<number> {
  const file = await open(filePath, 'r');
  try {
    const { size } = await file.stat();
    const start = Buffer.alloc(16);
    await file.read(start, 0, 16, 0);
    if (start.toString('latin1', 4, 8) !== 'ftyp') throw new VideoFileRejected(notMp4);
    let brandsOk = false;
    let moov: Box | null = null;
    for await (const box of boxes(file, 0, size)) {
      if (box.type === 'ftyp') {
        const body = Buffer.alloc(Math.min(box.size - box.headerSize, 256));
        await file.read(body, 0, body.length, box.start + box.headerSize);
        // Major brand, minor version, then compatible brands: four bytes each.
        const brands = [body.toString('latin1', 0, 4)];
        for (let at = 8; at + 4 <= body.length; at += 4) brands.push(body.toString('latin1', at, at + 4));
        brandsOk = brands.some((brand) => mp4Brands.has(brand));
      }
      if (box.type === 'moov') moov = box;
    }
    if (!brandsOk || !moov) throw new VideoFileRejected(notMp4);
    for await (const box of boxes(file, moov.start + moov.headerSize, moov.start + moov.size)) {
      if (box.type !== 'mvhd') continue;
      const body = Buffer.alloc(32);
      await file.read(body, 0, 32, box.start + box.headerSize);
      // Version 1 has 64-bit times: timescale at 20, duration at 24; version 0: at 12 and 16.
      const version = body.readUInt8(0);
      const timescale = version === 1 ? body.readUInt32BE(20) : body.readUInt32BE(12);
      const duration = version === 1 ? Number(body.readBigUInt64BE(24)) : body.readUInt32BE(16);
      const seconds = timescale > 0 ? duration / timescale : 0;
      if (!Number.isFinite(seconds) || seconds <= 0) {
        throw new VideoFileRejected('This MP4 has no length (it may be damaged). Export it again.');
      }
      return Math.round(seconds * 1000) / 1000;
    }
    throw new VideoFileRejected(notMp4);
  } finally {
    await file.close();
  }
}

async function sha256Of(filePath: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(filePath)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** The `?v=` of a stored file: the first 16 hex digits of its SHA-256, as media-store.ts computes it. */
const versionOf = (hash: string) => hash.slice(0, 16);

export const posterSizes: readonly ImageSize[] = [
  { name: 'poster', width: 1280, height: 1280, fit: 'inside' },
];

/**
 * The local folder media-store.ts serves `uploads/<name>` from. It measures its files when asked, as it
 * always has, so it needs none of the facts `put` is given.
 */
function localVideoFolder(folder: string): VideoFileStore {
  const storage = localFileStorage(folder);
  const ready = mkdir(folder, { recursive: true });
  return {
    async put(name, source) {
      if (Buffer.isBuffer(source)) return storage.put(name, source);
      await ready;
      const target = path.join(folder, name);
      // The received file is ours (uploads/single-file.ts deletes what is left of it afterwards).
      await rename(source, target).catch(async (error: NodeJS.ErrnoException) => {
        if (error.code !== 'EXDEV') throw error;
        await copyFile(source, target);
      });
    },
    async describe(name) {
      const file = path.join(folder, name);
      if (!(await stat(file).catch(() => null))) return null;
      return {
        version: versionOf(await sha256Of(file)),
        durationSeconds: name.endsWith('.mp4') ? await readMp4Duration(file) : null,
      };
    },
    async remove(name) {
      await rm(path.join(folder, name), { force: true });
    },
  };
}

export function createVideoFiles(dataDir: string, bucket: VideoBucket | undefined) {
  const store = bucket ?? localVideoFolder(path.join(dataDir, 'videos'));
  const nameOf = (key: string) => key.slice('uploads/'.length);

  return {
    /** Stores a received MP4 (sniffed and measured first); returns its key and length. */
    async storeMedia(received: string) {
      const durationSeconds = await readMp4Duration(received);
      const hash = await sha256Of(received);
      const key = `uploads/${hash.slice(0, 32)}.mp4`;
      await store.put(nameOf(key), received, hash, { version: versionOf(hash), durationSeconds });
      return { mediaKey: key, durationSeconds };
    },

    /** Re-encodes an image as the poster (WebP, metadata dropped) and stores it. */
    async storePoster(input: ImageInput) {
      const image = await processImage(input, posterSizes, { maxPixels: videoUploadLimits.posterMaxPixels });
      const [file] = image.files;
      if (!file) throw new Error('poster not encoded');
      const key = `uploads/${image.key}-poster.webp`;
      const hash = createHash('sha256').update(file.bytes).digest('hex');
      await store.put(nameOf(key), file.bytes, hash, { version: versionOf(hash), durationSeconds: null });
      return { posterKey: key, width: file.width, height: file.height };
    },

    /** The length and version of a stored upload, or null if there is no such file. */
    async describe(key: string): Promise<VideoFileFacts | null> {
      if (!uploadedMediaKeyPattern.test(key) && !uploadedPosterKeyPattern.test(key)) return null;
      return store.describe(nameOf(key));
    },

    /** Deletes uploaded files; seeded `demo/…` files in the repository are never touched. */
    async remove(keys: string[]) {
      const uploaded = keys.filter(
        (key) => uploadedMediaKeyPattern.test(key) || uploadedPosterKeyPattern.test(key),
      );
      await Promise.all(uploaded.map((key) => store.remove(nameOf(key))));
    },
  };
}

export type VideoFiles = ReturnType<typeof createVideoFiles>;
