import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@uplift/contracts';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { renderRoute } from '../test/renderRoute.tsx';
import { findBar, resetAroundEachTest, signIn } from './BottomNavigation.testing.ts';

const member: User = {
  id: 'u-7',
  email: 'member@example.com',
  role: 'member-tier-1',
  permissions: {},
  displayName: 'Mia Member',
  avatarUrl: null,
};

const memberTabs = ['Chat with Vale', 'Skills Assessment', 'Home', 'Community Hub', 'Profile Management'];

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

resetAroundEachTest();

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
    expect(tabNames(bar)).toEqual(memberTabs);
    expect(within(bar).getByRole('link', { name: 'Profile Management' })).toHaveAttribute(
      'href',
      '/profile/u-7',
    );
  });

  it('gives admins Admin Portal and Offline Demo too', async () => {
    signIn({ ...member, role: 'admin' });
    renderRoute('/community');
    const bar = await findBar();
    expect(tabNames(bar)).toEqual([...memberTabs, 'Admin Portal', 'Offline Demo']);
    expect(current(bar)).toEqual([['Community Hub', 'page']]);
    // Seven tabs share the bar: each still shows a visible label, a shorter one where needed.
    expect(
      within(bar)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Chat', 'Skills', 'Home', 'Hub', 'Profile', 'Admin', 'Offline']);
  });

  it('on a 320 px phone folds Admin Portal and Offline Demo behind More, reachable by keyboard', async () => {
    // jsdom lays nothing out: the bar is told it is 292 px wide, as it is on a 320 px phone.
    onTestFinished(() => void vi.unstubAllGlobals());
    vi.stubGlobal(
      'ResizeObserver',
      class {
        readonly report: ResizeObserverCallback;
        constructor(report: ResizeObserverCallback) {
          this.report = report;
        }
        observe(element: Element) {
          const entry = { target: element, contentRect: { width: 292 } } as ResizeObserverEntry;
          this.report([entry], this as unknown as ResizeObserver);
        }
        disconnect() {}
      },
    );
    const user = userEvent.setup();
    signIn({ ...member, role: 'admin' });
    const { router } = renderRoute('/community');
    const bar = await findBar();
    await waitFor(() => expect(tabNames(bar)).toEqual([...memberTabs]));
    const more = within(bar).getByRole('button', { name: 'More' });
    expect(more).toHaveAttribute('aria-expanded', 'false');

    more.focus();
    await user.keyboard('{Enter}');
    expect(more).toHaveAttribute('aria-expanded', 'true');
    await user.tab();
    expect(document.activeElement).toHaveAccessibleName('Admin Portal');
    await user.keyboard('{Escape}');
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(more).toHaveFocus();

    await user.keyboard('{Enter}');
    await user.click(within(bar).getByRole('link', { name: 'Offline Demo' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/offline-demo'));
    // The page is a folded tab's: More stands highlighted for it.
    expect(within(bar).getByRole('button', { name: 'More' })).toHaveAttribute('aria-current', 'true');
    expect(within(bar).queryByRole('link', { name: 'Offline Demo' })).not.toBeInTheDocument();
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

  it("on another member's profile highlights no Profile of theirs, and Profile opens your own", async () => {
    const user = userEvent.setup();
    signIn(member);
    const { router } = renderRoute('/community');
    const bar = await findBar();
    await act(() => router.navigate('/profile/u-someone-else'));
    expect(current(bar)).toEqual([['Community Hub', 'true']]);
    within(bar).getByRole('link', { name: 'Profile Management' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/u-7'));
    expect(current(bar)).toEqual([['Profile Management', 'page']]);
  });

  it('shows a badge only above 0, described to screen readers', async () => {
    const { BottomNavigation } = await import('../ui/navigation/BottomNavigation.tsx');
    const { createMemoryRouter, RouterProvider } = await import('react-router');
    const { render } = await import('@testing-library/react');
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
