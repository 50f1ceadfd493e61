import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../test/renderRoute.tsx';
import { resetAuthForTest, signInForTest } from '../auth/testing.ts';

/** SPEC §2 /profile: where it leads depends on who is signed in. */
describe('/profile', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    resetAuthForTest();
  });

  it('sends a signed-out visitor to the sign in / join page, replacing /profile in the history', async () => {
    resetAuthForTest();
    const { router } = renderRoute('/profile');
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile-public'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In / Join' })).toBeInTheDocument();
    // Back does not return to /profile only to be sent on again.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it("opens a signed-in member's own profile", async () => {
    // The profile's own requests never answer: only where /profile leads is under test.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => undefined)),
    );
    const member = signInForTest('member-tier-1', { id: 'u-42' });
    const { router } = renderRoute('/profile');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/profile/${member.id}`));
  });
});
