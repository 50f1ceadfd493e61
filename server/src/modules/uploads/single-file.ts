import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../plugins/errors.ts';

/**
 * Lets the routes registered in `app` (an encapsulated context: only upload routes) read one multipart
 * file. Every limit is explicit, as multipart does not enforce the body limit as a total.
 */
export async function acceptSingleFile(app: FastifyInstance, maxBytes: number) {
  await app.register(multipart, {
    limits: { fileSize: maxBytes, files: 1, fields: 5, fieldSize: 1_024, parts: 6, headerPairs: 50 },
    throwFileSizeLimit: true,
  });
}

function tooLarge(maxBytes: number) {
  return new HttpError(413, `This file is too large. Choose one of at most ${maxBytes / 1024 / 1024} MB.`);
}

/**
 * The bytes of the request's single file, fully received. Over the limit is 413: multipart may hand
 * back a cut-off buffer flagged `truncated` instead of throwing, so that flag is checked too.
 */
export async function readSingleFile(request: FastifyRequest, maxBytes: number): Promise<Buffer> {
  if (!request.isMultipart()) throw new HttpError(415, 'Send the image as multipart/form-data.');
  let file;
  try {
    file = await request.file();
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'FST_FILES_LIMIT') {
      throw new HttpError(400, 'Send one image at a time.');
    }
    throw new HttpError(400, 'The upload could not be read. Try again.');
  }
  if (!file) throw new HttpError(400, 'Choose an image to upload.');
  let bytes: Buffer;
  try {
    bytes = await file.toBuffer();
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'FST_REQ_FILE_TOO_LARGE') {
      throw tooLarge(maxBytes);
    }
    throw new HttpError(400, 'The upload was cut off before it finished. Try again.');
  }
  if (file.file.truncated || bytes.length > maxBytes) throw tooLarge(maxBytes);
  if (bytes.length === 0) throw new HttpError(400, 'The file is empty. Choose an image to upload.');
  return bytes;
}
