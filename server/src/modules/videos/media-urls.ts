import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import { serverSecret } from '../../db/secrets.ts';

/**
 * Signed URLs for premium video files. The native shells authenticate with a bearer token, which a
 * `<video src>` cannot send, so an entitled viewer gets URLs carrying `exp` (Unix seconds) and `sig`
 * (HMAC-SHA256 of the video, the file kind and `exp`) that the file route accepts instead of a session.
 * docs/decisions/0027-signed-media-urls.md.
 */
export type SignedFileKind = 'media' | 'captions';

/** A link lives at least this long: long enough to watch a video through, short enough to go stale. */
const lifetimeSeconds = 60 * 60;
/**
 * Expiries are rounded up to this step, so answers within the same quarter hour carry the same URL
 * (browser caches and the player see one URL, not a new one per request).
 */
const stepSeconds = 15 * 60;

export type SignatureCheck = 'valid' | 'expired' | 'invalid';
/** The `exp=…&sig=…` query of a signed file URL. */
export type FileSigner = (videoId: string, kind: SignedFileKind) => string;

export function createMediaUrls(db: Database) {
  let key: Promise<Buffer> | null = null;
  // Read once; a failure (database down) is not remembered, the next request tries again.
  const keyOf = () =>
    (key ??= serverSecret(db, 'media-urls').catch((error: unknown) => {
      key = null;
      throw error;
    }));
  const mac = (secret: Buffer, videoId: string, kind: SignedFileKind, exp: number) =>
    createHmac('sha256', secret).update(`${videoId}/${kind}/${exp}`).digest();

  return {
    /** Signs file URLs for one answer; `now` is for tests. */
    async signer(now = Date.now()): Promise<FileSigner> {
      const secret = await keyOf();
      const exp = Math.ceil((now / 1000 + lifetimeSeconds) / stepSeconds) * stepSeconds;
      return (videoId, kind) => `exp=${exp}&sig=${mac(secret, videoId, kind, exp).toString('base64url')}`;
    },

    /** Whether `sig` was made here for this video, kind and `exp`, and `exp` has not passed. */
    async check(
      videoId: string,
      kind: SignedFileKind,
      exp: number | undefined,
      sig: string | undefined,
      now = Date.now(),
    ): Promise<SignatureCheck> {
      if (exp === undefined || sig === undefined) return 'invalid';
      // Compared as the text the link carries, so no other spelling of the same bytes passes.
      const expected = Buffer.from(mac(await keyOf(), videoId, kind, exp).toString('base64url'));
      const given = Buffer.from(sig);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
      return exp * 1000 < now ? 'expired' : 'valid';
    },
  };
}

export type MediaUrls = ReturnType<typeof createMediaUrls>;
