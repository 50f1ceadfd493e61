import { roles, type User } from '@uplift/contracts';

/** SPEC §9: local storage holds the token (native only; the web session is an httpOnly cookie) and user. */
export const authStorageKeys = { user: 'uplift.auth.user', token: 'uplift.auth.token' } as const;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage can be switched off (privacy modes, embedded views); the session then lasts one page load.
    return null;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * The contract's `userSchema`, checked by hand: the session is restored before the first screen renders,
 * and that screen loads no zod (docs/decisions/0030-first-screen-bundle.md).
 */
function isCompleteUser(value: Record<string, unknown>): value is Record<string, unknown> & User {
  const { role, permissions, displayName, avatarUrl } = value;
  return (
    typeof role === 'string' &&
    (roles as readonly string[]).includes(role) &&
    isRecord(permissions) &&
    Object.values(permissions).every((allowed) => typeof allowed === 'boolean') &&
    typeof displayName === 'string' &&
    (avatarUrl === null || typeof avatarUrl === 'string')
  );
}

/**
 * SPEC §4: a stored user counts only with an id and an email. An entry that has both but not the rest
 * (written by an older build) is kept with the least privilege until the server's verify answers.
 */
export function toStoredUser(value: unknown): User | null {
  if (!isRecord(value)) return null;
  const { id, email } = value;
  if (typeof id !== 'string' || id === '' || typeof email !== 'string' || email === '') return null;
  if (isCompleteUser(value)) {
    const { role, permissions, displayName, avatarUrl, emailVerified } = value;
    return {
      id,
      email,
      role,
      permissions,
      displayName,
      avatarUrl,
      ...(typeof emailVerified === 'boolean' ? { emailVerified } : {}),
    };
  }
  return {
    id,
    email,
    role: 'member-tier-1',
    permissions: {},
    displayName: typeof value.displayName === 'string' ? value.displayName : '',
    avatarUrl: null,
  };
}

export function parseStoredUser(raw: string | null): User | null {
  if (!raw) return null;
  try {
    return toStoredUser(JSON.parse(raw));
  } catch {
    return null;
  }
}

export function readStoredSession(): { user: User | null; token: string | null } {
  const store = storage();
  if (!store) return { user: null, token: null };
  const user = parseStoredUser(store.getItem(authStorageKeys.user));
  return { user, token: user ? store.getItem(authStorageKeys.token) : null };
}

export function writeStoredSession(user: User, token: string | null): void {
  const store = storage();
  if (!store) return;
  try {
    store.setItem(authStorageKeys.user, JSON.stringify(user));
    if (token) store.setItem(authStorageKeys.token, token);
    else store.removeItem(authStorageKeys.token);
  } catch {
    // Quota or privacy mode: the in-memory session still works for this page load.
  }
}

export function clearStoredSession(): void {
  const store = storage();
  store?.removeItem(authStorageKeys.user);
  store?.removeItem(authStorageKeys.token);
}
