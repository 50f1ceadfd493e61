import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { assertName, storedNamePattern, type FileStorage } from './file-storage.ts';

export interface S3Settings {
  bucket: string;
  region: string;
  endpoint?: string | undefined;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  forcePathStyle: boolean;
  /** Folder inside the bucket, e.g. "uploads/". */
  prefix: string;
}

export function isMissing(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404)
  );
}

/**
 * A client for the bucket (the SDK's own credential chain applies when no keys are given); `maxSockets`
 * bounds its connections to the bucket (the SDK's default is 50).
 */
export function s3Client(settings: S3Settings, pool?: { maxSockets: number }): S3Client {
  return new S3Client({
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    ...(pool ? { requestHandler: { httpAgent: pool, httpsAgent: pool } } : {}),
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
  });
}

/**
 * Uploads in an S3-compatible bucket, shared by every instance. A PUT is whole or nothing, as the local
 * folder's write-then-rename is: no reader ever gets half a file.
 */
export function s3FileStorage(settings: S3Settings): FileStorage {
  const client = s3Client(settings);
  const object = (name: string) => ({ Bucket: settings.bucket, Key: `${settings.prefix}${name}` });
  return {
    async put(name, bytes) {
      assertName(name);
      await client.send(new PutObjectCommand({ ...object(name), Body: bytes, ContentLength: bytes.length }));
    },
    async remove(name) {
      assertName(name);
      await client.send(new DeleteObjectCommand(object(name)));
    },
    async open(name) {
      if (!storedNamePattern.test(name)) return null;
      try {
        const found = await client.send(new GetObjectCommand(object(name)));
        if (!found.Body) return null;
        return { stream: found.Body as Readable, size: found.ContentLength ?? 0 };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
  };
}
