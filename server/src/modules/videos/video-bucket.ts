import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import type { Config } from '../../config.ts';
import { s3Settings } from '../uploads/storage.ts';

/** What the admin forms need of an uploaded file: its `?v=` and, for an MP4, its length in seconds. */
export interface VideoFileFacts {
  version: string;
  durationSeconds: number | null;
}

/** Where admin-uploaded video files (`uploads/<name>` keys) are kept; video-files.ts has the local folder. */
export interface VideoFileStore {
  /**
   * Keeps a received file under `name`: a path (a temporary file, ours to move) or the bytes. `sha256` (hex)
   * and `facts` are of those bytes, measured by the caller.
   */
  put(name: string, source: string | Buffer, sha256: string, facts: VideoFileFacts): Promise<void>;
  /** The facts of a kept file, or null when there is none. */
  describe(name: string): Promise<VideoFileFacts | null>;
  remove(name: string): Promise<void>;
}

/** A file request's answer, in the shape @fastify/send gives media-store.ts for a local file. */
export type FileAnswer =
  | { type: 'file'; statusCode: number; headers: Record<string, string>; stream: Readable }
  | { type: 'error'; statusCode: number; headers: Record<string, string> };

/** The S3-compatible bucket (s3-media-store.ts): it keeps the files and answers requests for them too. */
export interface VideoBucket extends VideoFileStore {
  send(request: IncomingMessage, name: string, options: { ranges: boolean }): Promise<FileAnswer>;
}

/**
 * The bucket admin-uploaded video files go to when S3_BUCKET is set, so every instance serves what one
 * received; undefined otherwise (DATA_DIR/videos). The AWS SDK is loaded only then, as for other uploads.
 */
export async function videoBucket(config: Config): Promise<VideoBucket | undefined> {
  const settings = s3Settings(config, 'videos/');
  if (!settings) return undefined;
  const { s3VideoBucket } = await import('./s3-media-store.ts');
  return s3VideoBucket(settings);
}
