import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
} from '@aws-sdk/client-s3';
import { assertName, storedNamePattern } from '../uploads/file-storage.ts';
import { isMissing, s3Client, type S3Settings } from '../uploads/s3-storage.ts';
import { planFileAnswer } from './file-answer.ts';
import type { FileAnswer, VideoBucket } from './video-bucket.ts';

const contentTypes: Record<string, string> = { mp4: 'video/mp4', webp: 'image/webp' };
const contentTypeOf = (name: string) =>
  contentTypes[name.split('.').pop() ?? ''] ?? 'application/octet-stream';

/** Object metadata (x-amz-meta-…): what describe() reads back with a HEAD instead of the bytes. */
const versionField = 'version';
const durationField = 'duration-seconds';

/**
 * A video someone is watching holds one connection to the bucket for as long as the browser reads, so the
 * SDK's default pool of 50 would make the 51st viewer on an instance wait for one to end.
 */
const maxSockets = 1024;

const missing: FileAnswer = { type: 'error', statusCode: 404, headers: {} };

/**
 * Admin-uploaded video files in the bucket, shared by every instance. An MP4 goes up streamed from the
 * received file (never whole in memory) in one PUT, whole or nothing; a request reads only the bytes it
 * asks for, after a HEAD that decides the answer as @fastify/send does for a local file (file-answer.ts).
 */
export function s3VideoBucket(settings: S3Settings): VideoBucket {
  const client = s3Client(settings, { maxSockets });
  const object = (name: string) => ({ Bucket: settings.bucket, Key: `${settings.prefix}${name}` });

  async function head(name: string) {
    if (!storedNamePattern.test(name)) return null;
    try {
      return await client.send(new HeadObjectCommand(object(name)));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async function read(name: string, range: { start: number; end: number } | null) {
    try {
      const found = await client.send(
        new GetObjectCommand({
          ...object(name),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      return (found.Body as Readable | undefined) ?? null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  return {
    async put(name, source, sha256, { version, durationSeconds }) {
      assertName(name);
      const body = typeof source === 'string' ? createReadStream(source) : source;
      try {
        await client.send(
          new PutObjectCommand({
            ...object(name),
            Body: body,
            ContentLength: typeof source === 'string' ? (await stat(source)).size : source.length,
            ContentType: contentTypeOf(name),
            // Given a checksum, the SDK sends a stream as it is, not aws-chunked with one it computes on the
            // way (which not every S3-compatible server decodes); the bucket refuses bytes that differ.
            ChecksumSHA256: Buffer.from(sha256, 'hex').toString('base64'),
            Metadata: {
              [versionField]: version,
              ...(durationSeconds === null ? {} : { [durationField]: String(durationSeconds) }),
            },
          }),
        );
      } finally {
        if (body instanceof Readable) body.destroy();
      }
    },

    async describe(name) {
      const found = await head(name);
      if (!found) return null;
      const version = found.Metadata?.[versionField];
      if (!version) throw new Error(`video file ${name} in the bucket has no version`);
      const duration = found.Metadata?.[durationField];
      return { version, durationSeconds: duration === undefined ? null : Number(duration) };
    },

    async remove(name) {
      assertName(name);
      await client.send(new DeleteObjectCommand(object(name)));
    },

    async send(request, name, { ranges }) {
      const found = await head(name);
      if (!found) return missing;
      const plan = planFileAnswer(
        request.headers,
        {
          size: found.ContentLength ?? 0,
          etag: found.ETag ?? '',
          lastModified: found.LastModified ?? new Date(0),
          contentType: contentTypeOf(name),
        },
        { ranges },
      );
      if (plan.type === 'error') return plan;
      const { range, ...answer } = plan;
      if (answer.statusCode === 304 || request.method === 'HEAD') {
        return { ...answer, stream: Readable.from([]) };
      }
      // Deleted since the HEAD: missing, as it is now.
      const stream = await read(name, range);
      return stream ? { ...answer, stream } : missing;
    },
  };
}
