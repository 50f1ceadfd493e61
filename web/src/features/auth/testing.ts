import type { Role, User } from '@uplift/contracts';
import { permissionsFor } from '@uplift/contracts';
import { authStore } from './authStore.ts';
import { clearStoredSession } from './authStorage.ts';

/** Test support only: a user of a role, shaped as the server sends it. */
export function testUser(role: Role = 'member-tier-1', overrides: Partial<User> = {}): User {
  return {
    id: `user-${role}`,
    email: `${role}@example.test`,
    role,
    permissions: permissionsFor(role),
    displayName: `Test ${role}`,
    avatarUrl: null,
    ...overrides,
  };
}

/** Puts a signed-in user straight into the store, as a restored session would. */
export function signInForTest(role: Role = 'member-tier-1', overrides: Partial<User> = {}): User {
  const user = testUser(role, overrides);
  authStore.setState({ user, token: null, signedOutFrom: null });
  return user;
}

export function resetAuthForTest(): void {
  clearStoredSession();
  authStore.setState({ user: null, token: null, signedOutFrom: null, sessionEnded: null });
}
