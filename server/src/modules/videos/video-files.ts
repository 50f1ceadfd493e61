import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { buffer } from 'node:stream/consumers';
import { fileURLToPath } from 'node:url';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { uploadedMediaKeyPattern, uploadedPosterKeyPattern, videoUploadLimits } from '@uplift/contracts';
import { HttpError } from '../../plugins/errors.ts';
import { localFolderStorage, type Storage } from '../storage/index.ts';
import { processImage, type ImageInput, type ImageSize } from '../uploads/index.ts';
import { demoMediaDir } from './demo-catalogue.ts';
import { readMp4Duration, withFileOnDisk, type ByteSource } from './mp4-duration.ts';

/** What the admin forms need of an uploaded file: its `?v=` and, for an MP4, its length in seconds. */
interface VideoFileFacts {
  version: string;
  durationSeconds: number | null;
}

/** Kept with an upload where the storage can (bucket object metadata), so describe() needs no download. */
const versionField = 'version';
const durationField = 'duration-seconds';

async function sha256Of(bytes: AsyncIterable<Buffer>): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of bytes) hash.update(chunk);
  return hash.digest('hex');
}

/** The `?v=` that makes a file's URL change when its bytes do: the first 16 hex digits of its SHA-256. */
const versionOf = (sha256: string) => sha256.slice(0, 16);

/** A stored file read by byte ranges: only the boxes an MP4's length is read from are fetched. */
const storedBytes = (storage: Storage, key: string, size: number): ByteSource => ({
  size,
  async read(position, length) {
    const stream = await storage.read(key, { start: position, end: position + length - 1 });
    const padded = Buffer.alloc(length);
    if (stream) (await buffer(stream)).copy(padded, 0, 0, length);
    return padded;
  },
});

/** The demo media committed to the repository (`demo/…` keys), wherever uploads are kept. */
const demoMedia = localFolderStorage(fileURLToPath(demoMediaDir));

/** The `?v=` of a demo file, for the seed. */
export async function demoFileVersion(name: string): Promise<string> {
  const stream = await demoMedia.read(name);
  if (!stream) throw new Error(`No demo media file ${name}`);
  return versionOf(await sha256Of(stream));
}

const posterSizes: readonly ImageSize[] = [{ name: 'poster', width: 1280, height: 1280, fit: 'inside' }];

/**
 * Video files by the keys the videos table holds: `demo/<name>` in the repository, `uploads/<name>` (admin
 * uploads) kept as `videos/<name>` in the storage (DATA_DIR/videos, or the bucket's `videos/`). Uploads are
 * named by a hash of their bytes: the same file uploaded twice is stored once, and a name never changes
 * meaning, so its URLs stay cacheable as immutable.
 */
export function createVideoFiles(storage: Storage) {
  const storedKey = (key: string) => `videos/${key.slice('uploads/'.length)}`;
  const isUpload = (key: string) => uploadedMediaKeyPattern.test(key) || uploadedPosterKeyPattern.test(key);

  function locate(key: string) {
    if (key.startsWith('demo/')) return { storage: demoMedia, key: key.slice('demo/'.length) };
    if (key.startsWith('uploads/')) return { storage, key: storedKey(key) };
    throw new Error(`Unknown media key ${key}`);
  }

  return {
    /** Answers a request for a file the table names (ranges if asked); it missing is a fault, logged. */
    async serve(request: FastifyRequest, reply: FastifyReply, key: string, options: { ranges: boolean }) {
      const file = locate(key);
      if (await file.storage.serve(request, reply, file.key, options)) return reply;
      request.log.error({ key, status: 404 }, 'video file unavailable');
      throw new HttpError(404, 'The video file is missing.');
    },

    /** Stores a received MP4 (sniffed and measured first, then moved in); returns its key and length. */
    async storeMedia(received: string) {
      const durationSeconds = await withFileOnDisk(received, readMp4Duration);
      const hash = await sha256Of(createReadStream(received));
      const key = `uploads/${hash.slice(0, 32)}.mp4`;
      await storage.put(
        storedKey(key),
        { temporaryFile: received },
        {
          sha256: hash,
          metadata: { [versionField]: versionOf(hash), [durationField]: String(durationSeconds) },
        },
      );
      return { mediaKey: key, durationSeconds };
    },

    /** Re-encodes an image as the poster (WebP, metadata dropped) and stores it. */
    async storePoster(input: ImageInput) {
      const image = await processImage(input, posterSizes, { maxPixels: videoUploadLimits.posterMaxPixels });
      const [file] = image.files;
      if (!file) throw new Error('poster not encoded');
      const key = `uploads/${image.key}-poster.webp`;
      const hash = createHash('sha256').update(file.bytes).digest('hex');
      await storage.put(storedKey(key), file.bytes, {
        sha256: hash,
        metadata: { [versionField]: versionOf(hash) },
      });
      return { posterKey: key, width: file.width, height: file.height };
    },

    /** The length and version of a stored upload, or null if there is no such file. */
    async describe(key: string): Promise<VideoFileFacts | null> {
      if (!isUpload(key)) return null;
      const stored = storedKey(key);
      const found = await storage.head(stored);
      if (!found) return null;
      const kept = found.metadata[versionField];
      const duration = found.metadata[durationField];
      if (kept) return { version: kept, durationSeconds: duration === undefined ? null : Number(duration) };
      // The local folder keeps no metadata: its files are measured when asked, as they always were.
      const stream = await storage.read(stored);
      if (!stream) return null;
      return {
        version: versionOf(await sha256Of(stream)),
        durationSeconds: key.endsWith('.mp4')
          ? await readMp4Duration(storedBytes(storage, stored, found.size))
          : null,
      };
    },

    /** Deletes uploaded files; seeded `demo/…` files in the repository are never touched. */
    async remove(keys: string[]) {
      await Promise.all(keys.filter(isUpload).map((key) => storage.remove(storedKey(key))));
    },
  };
}

export type VideoFiles = ReturnType<typeof createVideoFiles>;
