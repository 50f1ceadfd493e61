import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { passwordLimits } from '@uplift/contracts';

/** OWASP's minimum for argon2id: 19 MiB of memory, 2 iterations, parallelism 1. */
// `Algorithm` is a const enum, which type stripping cannot inline: 2 is Argon2id.
const argon2Options = { algorithm: 2 as Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, argon2Options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Verified against when the email is unknown, so a miss costs the same time as a wrong password.
const unknownUserHash = hashPassword('uplift-timing-equaliser');
export async function spendVerificationTime(password: string): Promise<void> {
  await verifyPassword(await unknownUserHash, password);
}

// zxcvbn's ranked list of leaked passwords; shorter ones are refused by length anyway.
const commonPasswords = new Set(
  dictionary['passwords-common'].filter((entry) => entry.length >= passwordLimits.min),
);

export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.toLowerCase());
}
