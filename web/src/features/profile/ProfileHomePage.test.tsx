import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../test/renderRoute.tsx';
import { resetAuthForTest, signInForTest } from '../auth/testing.ts';

/** SPEC §2 /profile-home: the profile tab's target when no user is loaded (auth guard). */
describe('/profile-home', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    resetAuthForTest();
  });

  it('sends a signed-out visitor to sign in, to come back here afterwards', async () => {
    resetAuthForTest();
    const { router } = renderRoute('/profile-home');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('redirectTo')).toBe('/profile-home');
  });

  it('forwards a member to their own profile, whose skeleton shows while it loads', async () => {
    // The profile's request never answers: the member is left looking at the loading state.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => undefined)),
    );
    const member = signInForTest('member-tier-1', { id: 'u-42' });
    const { router } = renderRoute('/profile-home');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/profile/${member.id}`));
    // Back does not return to /profile-home only to be sent on again.
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByText('Loading the profile…')).toHaveRole('status');
  });
});
