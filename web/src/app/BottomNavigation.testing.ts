import { screen } from '@testing-library/react';
import type { User } from '@uplift/contracts';
import { afterEach, beforeEach, vi } from 'vitest';
import { authStore } from '../features/auth/index.ts';

/** Shared by the bottom navigation bar's tests. */

export function signIn(user: User | null) {
  authStore.setState({ user, token: null, signedOutFrom: null });
}

export async function findBar() {
  return screen.findByRole('navigation', { name: 'Main' });
}

/** Each test starts signed out with `scrollTo` recorded (jsdom has none), and leaves no mock or fake clock. */
export function resetAroundEachTest() {
  beforeEach(() => {
    signIn(null);
    window.scrollTo = vi.fn();
  });

  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
    signIn(null);
  });
}
