import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../plugins/errors.ts';

/**
 * Where stored files live: a local folder on a single machine, an S3-compatible bucket when several
 * instances must see the same files. Keys are server-made, `folder/name.ext` (the folder is optional):
 * `uploads/…` (photos, post images) and `videos/…` (admin-uploaded video files) are the same folders
 * under DATA_DIR as in the bucket, so files kept before this interface existed are still found.
 */
export interface Storage {
  /** Keeps `body` under `key`, whole or not at all: no reader ever sees half a file. */
  put(key: string, body: PutBody, options?: PutOptions): Promise<void>;
  /** What is known of a stored file without reading it, or null when there is none. */
  head(key: string): Promise<StoredFile | null>;
  /** The file's bytes (only `range` when given), or null when there is none. */
  read(key: string, range?: ByteRange): Promise<Readable | null>;
  /** Deletes the file; removing one that is not there is not an error. */
  remove(key: string): Promise<void>;
  /**
   * Answers `request` with the file: 200, 206 for a byte range (when `ranges`), 304 for a fresh copy,
   * 412 and 416 as HttpErrors. True once it has answered; false when there is no such file: nothing is
   * sent, the caller decides what a missing file means. Not the reply itself: a reply is thenable, and
   * awaiting it waits for the answer to end and gives undefined, which read as "no such file".
   */
  serve(request: FastifyRequest, reply: FastifyReply, key: string, options: ServeOptions): Promise<boolean>;
}

/**
 * Bytes in memory, or a received temporary file streamed from disk (never read whole): the storage may
 * move it in instead of copying, and the caller deletes whatever is left of it afterwards.
 */
export type PutBody = Buffer | { temporaryFile: string };

export interface PutOptions {
  /** Kept with the file where the storage can (S3 object metadata) and read back by head(). */
  metadata?: Record<string, string>;
  /** The bytes' SHA-256 (hex) when the caller has it already; computed otherwise when needed. */
  sha256?: string;
}

export interface StoredFile {
  size: number;
  /** What put() was given; always empty for the local folder, which keeps none. */
  metadata: Record<string, string>;
}

/** Both ends included, as in an HTTP Range header. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface ServeOptions {
  /** Whether byte ranges are answered (video media) or always the whole file. */
  ranges: boolean;
  /** Added to a file's answer (200, 206, 304), never to a refusal: a 404 must not be cached for a year. */
  headers?: Record<string, string>;
}

/** Letters, digits and dashes, one optional folder, one extension: no dot segment, no traversal. */
const keyPattern = /^(?:[a-z0-9-]{1,40}\/)?[a-z0-9-]{1,80}\.[a-z0-9]{2,5}$/;

export const isValidKey = (key: string) => keyPattern.test(key);

export function assertKey(key: string) {
  if (!isValidKey(key)) throw new Error(`refusing storage key ${JSON.stringify(key)}`);
}

const contentTypes: Record<string, string> = {
  mp4: 'video/mp4',
  webp: 'image/webp',
  jpg: 'image/jpeg',
  vtt: 'text/vtt; charset=utf-8',
};

/** From the key, never from what a bucket kept: older photos went up with no content type at all. */
export const contentTypeOf = (key: string) =>
  contentTypes[key.split('.').pop() ?? ''] ?? 'application/octet-stream';

export const preconditionFailed = () => new HttpError(412, 'The file has changed since the copy you have.');

/** A 416 says how long the file is, so the client can ask again for bytes that exist. */
export function rangeNotSatisfiable(reply: FastifyReply, size: number) {
  reply.header('content-range', `bytes */${size}`);
  return new HttpError(416, 'The requested range is not within the file. Ask for bytes inside its length.');
}
