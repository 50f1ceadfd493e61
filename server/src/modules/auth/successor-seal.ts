import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * A rotated token keeps its successor for a short grace window, so a retried refresh (a lost response,
 * two tabs) gets the same successor instead of tripping reuse detection. Only token hashes are stored,
 * so the successor is sealed with AES-256-GCM under a key derived (HKDF-SHA-256) from the old token:
 * only someone holding the old token can open it, and a database leak yields nothing.
 */
const keyInfo = 'uplift session successor v1';
const ivBytes = 12;
const tagBytes = 16;

function keyFrom(oldToken: string): Buffer {
  // The token has 256 random bits, so HKDF needs no salt to give a uniform key.
  return Buffer.from(hkdfSync('sha256', oldToken, Buffer.alloc(0), keyInfo, 32));
}

/** Seals `successorToken` for the holder of `oldToken`; bound to the old session's id. */
export function sealSuccessor(oldToken: string, oldSessionId: string, successorToken: string): string {
  const iv = randomBytes(ivBytes);
  const cipher = createCipheriv('aes-256-gcm', keyFrom(oldToken), iv);
  cipher.setAAD(Buffer.from(oldSessionId));
  const sealed = Buffer.concat([cipher.update(successorToken, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

/** The successor token, or null when the seal was not made for this token and session. */
export function openSuccessor(oldToken: string, oldSessionId: string, sealedText: string): string | null {
  const bytes = Buffer.from(sealedText, 'base64url');
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyFrom(oldToken), bytes.subarray(0, ivBytes));
    decipher.setAAD(Buffer.from(oldSessionId));
    decipher.setAuthTag(bytes.subarray(ivBytes, ivBytes + tagBytes));
    const opened = Buffer.concat([decipher.update(bytes.subarray(ivBytes + tagBytes)), decipher.final()]);
    return opened.toString('utf8');
  } catch {
    return null;
  }
}
