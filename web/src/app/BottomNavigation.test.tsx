import { act, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import type { User } from '@uplift/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../features/auth/index.ts';
import { renderRoute } from '../test/renderRoute.tsx';

const member: User = {
  id: 'u-7',
  email: 'member@example.com',
  role: 'member-tier-1',
  permissions: {},
  displayName: 'Mia Member',
  avatarUrl: null,
};

function signIn(user: User | null) {
  authStore.setState({ user, token: null, signedOutFrom: null });
}

async function findBar() {
  return screen.findByRole('navigation', { name: 'Main' });
}

function tabNames(bar: HTMLElement) {
  return within(bar)
    .getAllByRole('link')
    .map((link) => link.getAttribute('aria-label'));
}

function current(bar: HTMLElement) {
  return within(bar)
    .getAllByRole('link')
    .filter((link) => link.hasAttribute('aria-current'))
    .map((link) => [link.getAttribute('aria-label'), link.getAttribute('aria-current')]);
}

/** jsdom has no layout: lay the tabs out 100 px wide each, in a bar 60 px tall at the top of the screen. */
function layOutTabs() {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const list = this.tagName === 'LI' ? this.parentElement : this.tagName === 'UL' ? this : null;
    const index = this.tagName === 'LI' && list ? [...list.children].indexOf(this) : 0;
    const left = this.tagName === 'LI' ? index * 100 : 0;
    const width = this.tagName === 'LI' ? 100 : (list?.children.length ?? 0) * 100;
    return DOMRect.fromRect({ x: left, y: 0, width, height: 60 });
  });
}

function press(
  element: Element,
  x: number,
  type: 'pointerDown' | 'pointerMove' | 'pointerUp',
  pointerType = 'touch',
) {
  fireEvent[type](element, {
    clientX: x,
    clientY: 30,
    pointerId: 1,
    pointerType,
    button: 0,
    isPrimary: true,
  });
}

beforeEach(() => {
  signIn(null);
  window.scrollTo = vi.fn();
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  signIn(null);
});

describe('bottom navigation bar', () => {
  it('gives anonymous visitors Chat, Home, Community and Sign In / Join, as a named landmark', async () => {
    renderRoute('/');
    const bar = await findBar();
    expect(tabNames(bar)).toEqual(['Chat with Vale', 'Home', 'Community Hub', 'Sign In / Join']);
    expect(current(bar)).toEqual([['Home', 'page']]);
  });

  it('gives members the five member tabs, with the profile tab going to their profile', async () => {
    signIn(member);
    renderRoute('/');
    const bar = await findBar();
    expect(tabNames(bar)).toEqual([
      'Chat with Vale',
      'Skills Assessment',
      'Home',
      'Community Hub',
      'Profile Management',
    ]);
    expect(within(bar).getByRole('link', { name: 'Profile Management' })).toHaveAttribute(
      'href',
      '/profile/u-7',
    );
  });

  it('gives admins Admin Portal and Offline Demo too', async () => {
    signIn({ ...member, role: 'admin' });
    renderRoute('/community');
    const bar = await findBar();
    expect(tabNames(bar)).toEqual([
      'Chat with Vale',
      'Skills Assessment',
      'Home',
      'Community Hub',
      'Profile Management',
      'Admin Portal',
      'Offline Demo',
    ]);
    expect(current(bar)).toEqual([['Community Hub', 'page']]);
    // Seven tabs share the bar: each still shows a visible label, a shorter one where needed.
    expect(
      within(bar)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Chat', 'Skills', 'Home', 'Hub', 'Profile', 'Admin', 'Offline']);
  });

  it('shows the visible name of the tab a keyboard user is on', async () => {
    const user = userEvent.setup();
    signIn({ ...member, role: 'admin' });
    renderRoute('/community');
    const bar = await findBar();
    await user.click(document.body);
    while (document.activeElement?.getAttribute('aria-label') !== 'Admin Portal') await user.tab();
    expect(within(bar).getByRole('tooltip')).toHaveTextContent('Admin Portal');
    await user.tab();
    expect(within(bar).getByRole('tooltip')).toHaveTextContent('Offline Demo');
  });

  it("shows the member's photo on the profile tab, updated without a reload, with the icon as fallback", async () => {
    signIn(member);
    renderRoute('/');
    const profileTab = within(await findBar()).getByRole('link', { name: 'Profile Management' });
    expect(profileTab.querySelector('img')).toBeNull();

    act(() => signIn({ ...member, avatarUrl: '/media/avatars/u-7-a.webp' }));
    // Decorative (the tab's name says what it is), so found by tag rather than by role.
    const photo = () => profileTab.querySelector('img');
    // Waited for: under a loaded CI run the re-render can land a moment after the store changes.
    await waitFor(() => expect(photo()).toHaveAttribute('src', '/media/avatars/u-7-a.webp'));
    act(() => signIn({ ...member, avatarUrl: '/media/avatars/u-7-b.webp' }));
    await waitFor(() => expect(photo()).toHaveAttribute('src', '/media/avatars/u-7-b.webp'));

    fireEvent.error(photo()!);
    expect(profileTab.querySelector('img')).toBeNull();
    expect(profileTab.querySelector('svg')).not.toBeNull();
  });

  it('switches the tab set when the user signs in, highlighting by route', async () => {
    renderRoute('/partners');
    const bar = await findBar();
    expect(current(bar)).toEqual([['Home', 'true']]);
    act(() => signIn(member));
    await waitFor(() => expect(tabNames(bar)).toContain('Profile Management'));
    expect(current(bar)).toEqual([['Home', 'true']]);
  });

  it('is not there on /chat', async () => {
    renderRoute('/chat');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  it('keyboard users reach every tab and activate it with Enter', async () => {
    const user = userEvent.setup();
    const { router } = renderRoute('/');
    const bar = await findBar();
    within(bar).getByRole('link', { name: 'Community Hub' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/community'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Community Hub' })).toBeInTheDocument();
    expect(current(bar)).toEqual([['Community Hub', 'page']]);
  });

  it('keeps the highlight on unrecognised routes and scrolls to top when the active tab is chosen again', async () => {
    const user = userEvent.setup();
    const { router } = renderRoute('/community');
    const bar = await findBar();
    await act(() => router.navigate('/partners'));
    expect(current(bar)).toEqual([['Community Hub', 'true']]);
    await act(() => router.navigate('/community'));
    within(bar).getByRole('link', { name: 'Community Hub' }).focus();
    await user.keyboard('{Enter}');
    expect(window.scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
    expect(router.state.location.pathname).toBe('/community');
  });

  it('shows a badge only above 0, described to screen readers', async () => {
    const { BottomNavigation } = await import('../ui/navigation/BottomNavigation.tsx');
    const { createMemoryRouter, RouterProvider } = await import('react-router');
    const { render } = await import('@testing-library/preact');
    const router = createMemoryRouter(
      [{ path: '*', element: <BottomNavigation user={null} badgeCounts={{ chat: 3, community: 0 }} /> }],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    const chat = screen.getByRole('link', { name: 'Chat with Vale' });
    expect(chat).toHaveAccessibleDescription('3 new');
    expect(screen.getByRole('link', { name: 'Community Hub' })).not.toHaveAccessibleDescription();
  });
});

describe('bar gestures', () => {
  it('a tap selects the tab; a second tap within 300 ms scrolls to top', async () => {
    const { router } = renderRoute('/');
    const bar = await findBar();
    layOutTabs();
    const list = within(bar).getByRole('list');
    press(list, 250, 'pointerDown');
    press(list, 250, 'pointerUp');
    await waitFor(() => expect(router.state.location.pathname).toBe('/community'));
    press(list, 250, 'pointerDown');
    press(list, 250, 'pointerUp');
    expect(window.scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
  });

  it('a drag previews tabs in a title bubble and selects the one released on', async () => {
    const { router } = renderRoute('/');
    const bar = await findBar();
    layOutTabs();
    const list = within(bar).getByRole('list');
    press(list, 10, 'pointerDown');
    press(list, 60, 'pointerMove');
    expect(within(bar).getByRole('tooltip')).toHaveTextContent('Chat with Vale');
    press(list, 350, 'pointerMove');
    expect(within(bar).getByRole('tooltip')).toHaveTextContent('Sign In / Join');
    expect(within(bar).getByRole('link', { name: 'Sign In / Join' })).toHaveAccessibleDescription(
      'Sign In / Join',
    );
    press(list, 350, 'pointerUp');
    expect(within(bar).queryByRole('tooltip')).not.toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile-public'));
  });

  it('a long press opens the extended sheet for the tab; it closes on Escape and gives focus back', async () => {
    renderRoute('/');
    const bar = await findBar();
    layOutTabs();
    const list = within(bar).getByRole('list');
    const home = within(bar).getByRole('link', { name: 'Home' });
    home.focus();
    vi.useFakeTimers();
    press(list, 150, 'pointerDown');
    act(() => {
      vi.advanceTimersByTime(2999);
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    const sheet = screen.getByRole('dialog', { name: 'Extended Navigation' });
    expect(sheet).toHaveAttribute('aria-modal', 'true');
    expect(sheet).toHaveAccessibleDescription('Long press detected on the home section.');
    expect(within(sheet).getByText('Preview')).toBeInTheDocument();
    for (const item of [
      'Quick actions',
      'Recent and pinned items',
      'Secondary destinations',
      'Settings and filters',
    ]) {
      expect(within(sheet).getByText(item)).toBeInTheDocument();
    }
    expect(within(sheet).getByText(/^Page ID:/)).toHaveTextContent(/^Page ID: \/$/);
    expect(within(sheet).getByText('Tap outside to close')).toBeInTheDocument();
    expect(document.documentElement.style.overflow).toBe('hidden');
    expect(within(sheet).getByRole('button', { name: 'Close' })).toHaveFocus();
    // The release after the long press is no tap.
    press(list, 150, 'pointerUp');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.documentElement.style.overflow).toBe('');
    expect(home).toHaveFocus();
  });

  it('the context menu key opens the sheet for keyboard users; Close and the backdrop close it', async () => {
    const user = userEvent.setup();
    renderRoute('/community');
    const bar = await findBar();
    const community = within(bar).getByRole('link', { name: 'Community Hub' });
    community.focus();
    await user.keyboard('{Shift>}{F10}{/Shift}');
    let sheet = screen.getByRole('dialog', { name: 'Extended Navigation' });
    expect(sheet).toHaveAccessibleDescription('Long press detected on the community section.');
    // Focus stays in the sheet: Tab from its only control comes back to it.
    await user.tab();
    expect(within(sheet).getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.click(within(sheet).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(community).toHaveFocus();

    await user.keyboard('{ContextMenu}');
    sheet = screen.getByRole('dialog', { name: 'Extended Navigation' });
    const backdrop = sheet.previousElementSibling;
    if (!backdrop) throw new Error('the sheet has no backdrop');
    await user.click(backdrop);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('after a long press opens the sheet', () => {
  it('ignores the opening finger for 600 ms (touch), so it cannot tap what the sheet put under it', async () => {
    renderRoute('/');
    const bar = await findBar();
    layOutTabs();
    const list = within(bar).getByRole('list');
    vi.useFakeTimers();
    press(list, 150, 'pointerDown');
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    const close = within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' });
    act(() => {
      vi.advanceTimersByTime(599);
    });
    fireEvent.click(close);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    fireEvent.click(close);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('ignores it for 400 ms after a mouse long press', async () => {
    renderRoute('/');
    const bar = await findBar();
    layOutTabs();
    const list = within(bar).getByRole('list');
    vi.useFakeTimers();
    press(list, 150, 'pointerDown', 'mouse');
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    const close = within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' });
    act(() => {
      vi.advanceTimersByTime(399);
    });
    fireEvent.click(close);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    fireEvent.click(close);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
