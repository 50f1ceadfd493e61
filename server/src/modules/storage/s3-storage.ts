import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
} from '@aws-sdk/client-s3';
import { bucketStatus, isMissing, s3Client, type S3Settings } from './s3-client.ts';
import { bucketServe } from './s3-serve.ts';
import { assertKey, contentTypeOf, isValidKey, type PutBody, type Storage } from './storage.ts';

async function sha256Of(body: PutBody): Promise<string> {
  const hash = createHash('sha256');
  if (Buffer.isBuffer(body)) return hash.update(body).digest('hex');
  for await (const chunk of createReadStream(body.temporaryFile)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * Files in an S3-compatible bucket, shared by every instance; a key is the object's key. A PUT is whole
 * or nothing, as the local folder's write-then-rename is; a received file goes up streamed from disk.
 */
export function s3Storage(settings: S3Settings): Storage {
  const client = s3Client(settings);
  const objectOf = (key: string) => ({ Bucket: settings.bucket, Key: key });

  async function headObject(key: string) {
    if (!isValidKey(key)) return null;
    try {
      return await client.send(new HeadObjectCommand(objectOf(key)));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  return {
    async put(key, body, { metadata, sha256 } = {}) {
      assertKey(key);
      const size = Buffer.isBuffer(body) ? body.length : (await stat(body.temporaryFile)).size;
      const checksum = sha256 ?? (await sha256Of(body));
      const stream = Buffer.isBuffer(body) ? body : createReadStream(body.temporaryFile);
      try {
        await client.send(
          new PutObjectCommand({
            ...objectOf(key),
            Body: stream,
            ContentLength: size,
            ContentType: contentTypeOf(key),
            // Given a checksum, the SDK sends a stream as it is, not aws-chunked with one it computes on the
            // way (which not every S3-compatible server decodes); the bucket refuses bytes that differ.
            ChecksumSHA256: Buffer.from(checksum, 'hex').toString('base64'),
            ...(metadata ? { Metadata: metadata } : {}),
          }),
          // A received file (a 200 MB video) may take longer to send than the request time-out allows:
          // only the socket time-out applies to it, which a frozen bucket still meets (decision 0052).
          Buffer.isBuffer(body) ? {} : { requestTimeout: 0 },
        );
      } finally {
        if (stream instanceof Readable) stream.destroy();
      }
    },

    async head(key) {
      const found = await headObject(key);
      return found ? { size: found.ContentLength ?? 0, metadata: found.Metadata ?? {} } : null;
    },

    async read(key, range) {
      if (!isValidKey(key)) return null;
      try {
        const found = await client.send(
          new GetObjectCommand({
            ...objectOf(key),
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        return (found.Body as Readable | undefined) ?? null;
      } catch (error) {
        if (isMissing(error)) return null;
        // As from a local file: a range past the end reads nothing.
        if (bucketStatus(error) === 416) return Readable.from([]);
        throw error;
      }
    },

    async remove(key) {
      assertKey(key);
      await client.send(new DeleteObjectCommand(objectOf(key)));
    },

    serve: bucketServe(client, objectOf, async (key) => (await headObject(key))?.ContentLength ?? null),
  };
}
