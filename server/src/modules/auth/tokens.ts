import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits; only its hash is stored, so a database leak yields no usable session. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

// A fast hash is right here: the token has full entropy, unlike a password.
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
