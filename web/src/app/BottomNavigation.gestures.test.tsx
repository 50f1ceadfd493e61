import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../test/renderRoute.tsx';
import { findBar, resetAroundEachTest } from './BottomNavigation.testing.ts';

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

/** The bar at `path`, laid out, with the tab list that takes the pointer. */
async function renderLaidOutBar(path: string) {
  const { router } = renderRoute(path);
  const bar = await findBar();
  layOutTabs();
  return { router, bar, list: within(bar).getByRole('list') };
}

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

/** A long press opens the sheet; its Close button ignores clicks until `ignoredMs` have passed. */
async function expectOpeningPressIgnoredFor(ignoredMs: number, pointerType: string) {
  const { list } = await renderLaidOutBar('/');
  vi.useFakeTimers();
  press(list, 150, 'pointerDown', pointerType);
  advance(3000);
  const close = within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' });
  advance(ignoredMs - 1);
  fireEvent.click(close);
  expect(screen.getByRole('dialog')).toBeInTheDocument();
  advance(1);
  fireEvent.click(close);
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
}

resetAroundEachTest();

describe('bar gestures', () => {
  it('a tap selects the tab; a second tap within 300 ms scrolls to top', async () => {
    const { router, list } = await renderLaidOutBar('/');
    // The clock only: the route still loads on real timers, however long a busy machine takes.
    vi.useFakeTimers({ toFake: ['Date'] });
    const first = Date.now();
    press(list, 250, 'pointerDown');
    press(list, 250, 'pointerUp');
    await waitFor(() => expect(router.state.location.pathname).toBe('/community'));
    vi.setSystemTime(first + 299);
    press(list, 250, 'pointerDown');
    press(list, 250, 'pointerUp');
    expect(window.scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
  });

  it('a drag previews tabs in a title bubble and selects the one released on', async () => {
    const { router, bar, list } = await renderLaidOutBar('/');
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
    const { bar, list } = await renderLaidOutBar('/');
    const home = within(bar).getByRole('link', { name: 'Home' });
    home.focus();
    vi.useFakeTimers();
    press(list, 150, 'pointerDown');
    advance(2999);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    advance(1);
    // The sheet's code loads with the first long press.
    await act(async () => {
      await import('../ui/navigation/ExtendedNavigationSheet.tsx');
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
  it('ignores the opening finger for 600 ms (touch), so it cannot tap what the sheet put under it', () =>
    expectOpeningPressIgnoredFor(600, 'touch'));

  it('ignores it for 400 ms after a mouse long press', () => expectOpeningPressIgnoredFor(400, 'mouse'));
});
