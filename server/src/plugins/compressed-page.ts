import { Negotiator } from '@fastify/accept-negotiator';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync, type BrotliOptions } from 'node:zlib';

/** Answers smaller than this are sent as they are: @fastify/compress' threshold and the public cache's. */
export const compressFromBytes = 1024;

/** An HTML page of the build, compressed once when the server starts rather than on every request. */
export interface CompressedPage {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

type Encoding = 'br' | 'gzip' | 'identity';

// The preference order when a browser accepts several equally: brotli is the smaller.
const encodings = new Negotiator<Encoding>({ supportedValues: ['br', 'gzip', 'identity'] });

function brotliOptions(size: number): BrotliOptions {
  return {
    params: {
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: size,
    },
  };
}

export function compressPage(html: string): CompressedPage {
  const identity = Buffer.from(html, 'utf8');
  return {
    identity,
    br: brotliCompressSync(identity, brotliOptions(identity.length)),
    gzip: gzipSync(identity, { level: 9 }),
  };
}

const brotliCompressAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * compressPage off the event loop (libuv's thread pool), for a page drawn while the server is serving, or
 * any body served many times alike (the public cache's answers).
 */
export async function compressPageInBackground(body: string | Buffer): Promise<CompressedPage> {
  const identity = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  const [br, gzipped] = await Promise.all([
    brotliCompressAsync(identity, brotliOptions(identity.length)),
    gzipAsync(identity, { level: 9 }),
  ]);
  return { identity, br, gzip: gzipped };
}

/**
 * The page in the best encoding the request accepts. The not-found handler that serves pages is not a
 * route, so @fastify/compress never sees it; without this a visitor's 13 KB page went uncompressed.
 */
export function encodedPage(
  page: CompressedPage,
  acceptEncoding: string | undefined,
): { body: Buffer; encoding: 'br' | 'gzip' | null } {
  const encoding = preferredEncoding(acceptEncoding);
  return encoding ? { body: page[encoding], encoding } : { body: page.identity, encoding: null };
}

/** The encoding of a CompressedPage to send for this Accept-Encoding; null: the identity. */
export function preferredEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const encoding = acceptEncoding ? encodings.negotiate(acceptEncoding) : null;
  return encoding === 'br' || encoding === 'gzip' ? encoding : null;
}
