import { Negotiator } from '@fastify/accept-negotiator';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** An HTML page of the build, compressed once when the server starts rather than on every request. */
export interface CompressedPage {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

type Encoding = 'br' | 'gzip' | 'identity';

// The preference order when a browser accepts several equally: brotli is the smaller.
const encodings = new Negotiator<Encoding>({ supportedValues: ['br', 'gzip', 'identity'] });

export function compressPage(html: string): CompressedPage {
  const identity = Buffer.from(html, 'utf8');
  return {
    identity,
    br: brotliCompressSync(identity, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzip: gzipSync(identity, { level: 9 }),
  };
}

/**
 * The page in the best encoding the request accepts. The not-found handler that serves pages is not a
 * route, so @fastify/compress never sees it; without this a visitor's 13 KB page went uncompressed.
 */
export function encodedPage(
  page: CompressedPage,
  acceptEncoding: string | undefined,
): { body: Buffer; encoding: 'br' | 'gzip' | null } {
  const encoding = acceptEncoding ? encodings.negotiate(acceptEncoding) : null;
  if (encoding === 'br' || encoding === 'gzip') return { body: page[encoding], encoding };
  return { body: page.identity, encoding: null };
}
