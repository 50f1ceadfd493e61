import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../plugins/errors.ts';
import { watchBody } from './body-watch.ts';
import { FileRejected } from './file-rejected.ts';

export interface SingleFileOptions {
  maxBytes: number;
  /**
   * Where files are received, one temporary file per upload, deleted once handled. On disk rather than
   * in memory, so 20 large photos arriving at once cost a few buffers each, not 20 whole files.
   */
  folder: string;
}

/**
 * Lets the routes registered in `app` (an encapsulated context: only upload routes) read one multipart
 * file. Every limit is explicit, as multipart does not enforce the body limit as a total. Files left in
 * `folder` by a crash are removed here, at start, when no upload can be under way.
 */
export async function acceptSingleFile(app: FastifyInstance, { maxBytes, folder }: SingleFileOptions) {
  await mkdir(folder, { recursive: true });
  const leftovers = (await readdir(folder)).filter((name) => name.endsWith('.upload'));
  await Promise.all(leftovers.map((name) => rm(path.join(folder, name), { force: true })));
  await app.register(multipart, {
    limits: { fileSize: maxBytes, files: 1, fields: 5, fieldSize: 1_024, parts: 6, headerPairs: 50 },
    throwFileSizeLimit: true,
  });
}

function tooLarge(maxBytes: number) {
  return new HttpError(413, `This file is too large. Choose one of at most ${maxBytes / 1024 / 1024} MB.`);
}

const hasCode = (error: unknown, code: string) =>
  error instanceof Error && 'code' in error && error.code === code;

/**
 * Streams the request's single file to a temporary file and hands its path to `use` once the whole file
 * has arrived. The file is deleted afterwards whatever happens: handled, refused, or cut off by a client
 * that went away (multipart then fails the stream, which ends the pipeline). Over the limit is 413:
 * multipart ends the stream early and flags it `truncated` instead of failing, so that flag is checked.
 * A `FileRejected` from `use` (the checks refused the file) is a 400 with its message. The answer's
 * `Server-Timing` header says how long receiving and handling took (the bench reads it).
 *
 * The body is held to the upload time-outs (body-watch.ts, decision 0052), not to the whole-request one:
 * a slow phone connection gets through as long as bytes keep coming, up to the route's ceiling (its
 * `maxBytes` at the slowest pace allowed); a stalled or endless body is a 408, and the connection closed.
 */
export async function receiveSingleFile<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  { maxBytes, folder }: SingleFileOptions,
  use: (file: { path: string; size: number }) => Promise<T>,
): Promise<T> {
  if (!request.isMultipart()) throw new HttpError(415, 'Send the image as multipart/form-data.');
  const watch = watchBody(request, reply, maxBytes);
  try {
    return await receive(request, reply, { maxBytes, folder }, watch, use);
  } finally {
    // Past Node's request time-out, the connection is not kept for another request.
    if (watch.outlivedRequestTimeout && !reply.sent) reply.header('connection', 'close');
    watch.endIfComplete();
  }
}

async function receive<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  { maxBytes, folder }: SingleFileOptions,
  watch: ReturnType<typeof watchBody>,
  use: (file: { path: string; size: number }) => Promise<T>,
): Promise<T> {
  let file;
  try {
    file = await Promise.race([request.file(), watch.cutOff]);
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (hasCode(error, 'FST_FILES_LIMIT')) throw new HttpError(400, 'Send one image at a time.');
    throw new HttpError(400, 'The upload could not be read. Try again.');
  }
  if (!file) throw new HttpError(400, 'Choose an image to upload.');
  const temporary = path.join(folder, `${randomUUID()}.upload`);
  try {
    const target = createWriteStream(temporary, { flags: 'wx' });
    const source = file.file;
    watch.onCutOff(() => source.destroy(new Error('upload cut off')));
    try {
      await pipeline(source, target);
    } catch (error) {
      if (watch.error) throw watch.error;
      if (hasCode(error, 'FST_REQ_FILE_TOO_LARGE')) throw tooLarge(maxBytes);
      throw new HttpError(400, 'The upload was cut off before it finished. Try again.');
    }
    const size = target.bytesWritten;
    if (file.file.truncated || size > maxBytes) throw tooLarge(maxBytes);
    if (size === 0) throw new HttpError(400, 'The file is empty. Choose an image to upload.');
    const received = reply.elapsedTime;
    const result = await use({ path: temporary, size }).catch((error: unknown) => {
      throw error instanceof FileRejected ? new HttpError(400, error.message) : error;
    });
    const handled = reply.elapsedTime - received;
    reply.header('server-timing', `receive;dur=${received.toFixed(1)}, process;dur=${handled.toFixed(1)}`);
    return result;
  } finally {
    await rm(temporary, { force: true });
  }
}
