import {
  compressFromBytes,
  compressPageInBackground,
  preferredEncoding,
  type CompressedPage,
} from './compressed-page.ts';

/** One answer of the public cache (public-cache.ts), as its first anonymous caller was sent it. */
export interface KeptAnswer {
  tag: string;
  /** Bytes, not the string: a string is encoded to UTF-8 again on every write (a third of a hit's CPU). */
  payload: Buffer;
  etag: string;
  contentType: string;
  cacheControl: string | undefined;
  /**
   * Every header the request chain gave the answer (security headers, CORS' Vary, Cache-Control, ETag)
   * but those of one request alone (Strict-Transport-Security, which follows the protocol, and the
   * length and encoding): what anonymous-hits.ts sends again. Absent when the answer was kept from a
   * cross-origin request, whose CORS headers are its own.
   */
  headers: Record<string, string> | undefined;
  /**
   * Its brotli and gzip bytes, made once off the event loop when a caller first asks for either (browsers
   * always do). Compressing a 17 KB answer on every hit cost 0.9 ms (brotli) to 2.8 ms (zstd) of CPU a
   * request, 30–80 times the rest of the hit (decision 0032).
   */
  encoded?: CompressedPage | 'pending';
}

/**
 * The kept bytes to send for this Accept-Encoding: compressed when the caller asks and the answer is large
 * enough, and null when the encoding asked for is not made yet (the caller is then sent the identity bytes,
 * compressed on the fly, and `compressLater` makes them).
 */
export function keptBytes(
  answer: KeptAnswer,
  acceptEncoding: string | undefined,
): { body: Buffer; encoding: 'br' | 'gzip' | null } | null {
  const encoding = answer.payload.length >= compressFromBytes ? preferredEncoding(acceptEncoding) : null;
  if (!encoding) return { body: answer.payload, encoding: null };
  return typeof answer.encoded === 'object' ? { body: answer.encoded[encoding], encoding } : null;
}

export interface KeptAnswers {
  /** The answer kept for `url` (path and query, as requested) while it is fresh, now the most recently used. */
  take(url: string): KeptAnswer | undefined;
  /** The answer kept for `url` while it is fresh, leaving the order of use as it is. */
  peek(url: string): KeptAnswer | undefined;
  /** Keeps an answer for the cache's time to live; the least recently used goes when full. */
  keep(url: string, answer: KeptAnswer): void;
  /** Drops every answer under `tag`. */
  drop(tag: string): void;
  /** Starts making the answer's compressed bytes, once; until they are ready, hits compress as misses do. */
  compressLater(answer: KeptAnswer): void;
  readonly size: number;
}

interface Kept {
  answer: KeptAnswer;
  expiresAt: number;
}

/**
 * The public cache's store, apart from its hooks: the route hooks (public-cache.ts) and the first hook of
 * every request (anonymous-hits.ts) serve from the same answers.
 */
export function createKeptAnswers(options: {
  /** Bounds staleness from changes no route declares (a member renaming themself shows on their posts). */
  ttlMs: number;
  maxEntries: number;
  log(message: string, error: unknown): void;
}): KeptAnswers {
  const entries = new Map<string, Kept>();
  const fresh = (url: string) => {
    const kept = entries.get(url);
    return kept && kept.expiresAt > Date.now() ? kept : undefined;
  };
  return {
    take(url) {
      const kept = fresh(url);
      if (!kept) return undefined;
      // Most recently used last, so the oldest is dropped first when full.
      entries.delete(url);
      entries.set(url, kept);
      return kept.answer;
    },
    peek: (url) => fresh(url)?.answer,
    keep(url, answer) {
      entries.delete(url);
      entries.set(url, { answer, expiresAt: Date.now() + options.ttlMs });
      if (entries.size > options.maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
    },
    drop(tag) {
      for (const [url, kept] of entries) if (kept.answer.tag === tag) entries.delete(url);
    },
    compressLater(answer) {
      answer.encoded = 'pending';
      compressPageInBackground(answer.payload).then(
        (encoded) => {
          answer.encoded = encoded;
        },
        (error: unknown) => {
          answer.encoded = undefined;
          options.log('cache: compressing an answer', error);
        },
      );
    },
    get size() {
      return entries.size;
    },
  };
}
