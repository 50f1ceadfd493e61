import { screen, waitFor, within } from '@testing-library/react';
import { successResponseSchema } from '@uplift/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../lib/http/index.ts';
import { renderRoute } from '../../test/renderRoute.tsx';
import { authStore, logout, startAuth } from './authStore.ts';
import { authStorageKeys } from './authStorage.ts';
import { resetAuthForTest, testUser } from './testing.ts';
import type * as platform from '../../lib/native/platform.ts';

vi.mock('../../lib/native/platform.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof platform>()),
  isNativePlatform: () => false,
}));

/** The server's refusal of a suspended member's session (decision 0070), as it sends it. */
function suspended(reason: string | null) {
  return new Response(
    JSON.stringify({
      success: false,
      error: {
        code: 'AUTH_FAILED',
        message: 'Your account was suspended by an administrator.',
        statusCode: 401,
        sessionEnded: { cause: 'suspended', reason },
      },
    }),
    { status: 401 },
  );
}

const member = testUser('member-tier-1', { id: 'member-7' });
const fetchMock = vi.fn<typeof fetch>();
let stop: () => void = () => undefined;

function signedInMember() {
  localStorage.setItem(authStorageKeys.user, JSON.stringify(member));
  const started = startAuth();
  stop = started.stop;
  return started.verified;
}

/** The sign-in screen's alert that tells why (the form has its own, empty, alert region). */
async function suspensionNotice(): Promise<HTMLElement> {
  await screen.findByText('Your account was suspended by an administrator.');
  const notice = screen.getAllByRole('alert').find((region) => region.textContent?.includes('suspended'));
  if (!notice) throw new Error('no alert tells of the suspension');
  return notice;
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  resetAuthForTest();
});

afterEach(() => {
  stop();
  vi.unstubAllGlobals();
  resetAuthForTest();
  localStorage.clear();
});

describe('a member suspended mid-use (issue 43.2)', () => {
  it('is signed out by their next action and told why, with the reason, on the sign-in screen', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ success: true, user: member }), { status: 200 }),
    );
    await signedInMember();
    const { router } = renderRoute('/community');
    expect(authStore.getState().user?.id).toBe('member-7');

    // The next action: a 401, then the client's one refresh, refused the same way.
    fetchMock.mockImplementation(async () => suspended('Repeated spam in the community.'));
    await expect(
      http.post('/community/posts', { body: { body: 'x' }, schema: successResponseSchema }),
    ).rejects.toThrow();

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?redirectTo=%2Fcommunity');
    expect(authStore.getState().user).toBeNull();
    const alert = await suspensionNotice();
    expect(alert).toHaveTextContent('Your account was suspended by an administrator.');
    expect(within(alert).getByText('Reason: Repeated spam in the community.')).toBeInTheDocument();

    // Told once: afterwards they may look around as a visitor (the refused cookie is gone, so the server
    // answers them as anyone).
    fetchMock.mockImplementation(async () => new Response(JSON.stringify({ items: [] }), { status: 200 }));
    await router.navigate('/community');
    await screen.findByRole('heading', { level: 1, name: 'Community Hub' });
    expect(router.state.location.pathname).toBe('/community');
  });

  it('says so without a reason line when the admin gave none, on the first check at start', async () => {
    fetchMock.mockImplementation(async () => suspended(null));
    await signedInMember();
    renderRoute('/login');
    const notice = await suspensionNotice();
    expect(notice).toHaveTextContent('Your account was suspended by an administrator.');
    expect(notice).not.toHaveTextContent('Reason:');
  });

  it('keeps the member’s drafts when the server ends the session, and forgets them on their own sign-out', async () => {
    localStorage.setItem('uplift.draft.member-7.community.post', 'Half a thought');
    localStorage.setItem('uplift.draft.member-8.community.post', 'Someone else’s');
    fetchMock.mockImplementation(async () => suspended(null));
    await signedInMember();
    expect(authStore.getState().sessionEnded).toEqual({ cause: 'suspended', reason: null });
    expect(localStorage.getItem('uplift.draft.member-7.community.post')).toBe('Half a thought');

    authStore.setState({ user: member, sessionEnded: null });
    fetchMock.mockImplementation(
      async () => new Response(JSON.stringify({ success: true }), { status: 200 }),
    );
    await logout();
    expect(localStorage.getItem('uplift.draft.member-7.community.post')).toBeNull();
    expect(localStorage.getItem('uplift.draft.member-8.community.post')).toBe('Someone else’s');
  });
});
