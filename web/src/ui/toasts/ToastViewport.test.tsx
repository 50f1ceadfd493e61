import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createToastStore } from '../../lib/toasts/toastStore.ts';
import { resetAnnouncer } from '../announce.ts';
import { ToastViewport } from './ToastViewport.tsx';

afterEach(() => {
  vi.useRealTimers();
  resetAnnouncer();
});

function setup() {
  const store = createToastStore();
  render(<ToastViewport store={store} />);
  const region = screen.getByRole('region', { name: 'Notifications' });
  return { store, region, list: within(region).getByRole('list') };
}

describe('toast viewport', () => {
  it('has each toast said once as it arrives by the announcer, an error assertively', () => {
    const { store, list } = setup();
    // The list itself is not live: it would say the stack's counter with every new toast.
    expect(list).not.toHaveAttribute('aria-live');
    act(() => {
      store.show({ type: 'success', title: 'Saved', message: 'Your profile is saved.' });
      store.show({ type: 'error', message: 'Sync failed' });
    });
    const said = screen
      .getAllByRole('log')
      .map((region) => [region.getAttribute('aria-live'), region.textContent]);
    expect(said).toEqual(
      expect.arrayContaining([
        ['polite', 'Success: Saved Your profile is saved.'],
        ['assertive', 'Error: Sync failed'],
      ]),
    );
  });

  it('shows title, message and type, and closes with its close button', async () => {
    const user = userEvent.setup();
    const { store, list } = setup();
    act(() => {
      store.show({
        type: 'warning',
        title: 'Connection Lost',
        message: 'You are currently offline',
        duration: null,
      });
    });
    const item = within(list).getByRole('listitem');
    expect(item).toHaveTextContent('Warning: Connection Lost You are currently offline');
    await user.click(within(item).getByRole('button', { name: 'Dismiss notification' }));
    expect(within(list).queryAllByRole('listitem')).toHaveLength(0);
  });

  it('runs the action and then dismisses, unless dismissOnAction is false', async () => {
    const user = userEvent.setup();
    const { store, list } = setup();
    const retry = vi.fn();
    const keep = vi.fn();
    act(() => {
      store.show({ type: 'error', message: 'Sync failed', action: { label: 'Retry', handler: retry } });
      store.show({
        type: 'error',
        message: 'Still here',
        action: { label: 'Details', handler: keep, dismissOnAction: false },
      });
    });
    await user.click(within(list).getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledTimes(1);
    await user.click(within(list).getByRole('button', { name: 'Details' }));
    expect(keep).toHaveBeenCalledTimes(1);
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('Still here')]);
  });

  it('a click on a dismissible toast dismisses it; not on one that is not', async () => {
    const user = userEvent.setup();
    const { store, list } = setup();
    act(() => {
      store.show({ message: 'Tap me' });
      store.show({ message: 'Sticky', dismissible: false });
    });
    await user.click(within(list).getByText('Sticky'));
    await user.click(within(list).getByText('Tap me'));
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('Sticky')]);
  });

  it('shows at most 5 and removes an info toast after 5 s', () => {
    vi.useFakeTimers();
    const { store, list } = setup();
    act(() => {
      for (let i = 1; i <= 6; i += 1) store.show({ message: `Toast ${i}` });
    });
    expect(within(list).getAllByRole('listitem')).toHaveLength(5);
    expect(within(list).queryByText('Toast 1')).not.toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(within(list).queryAllByRole('listitem')).toHaveLength(0);
  });

  it('stacks several toasts compactly: the newest in full, the rest tucked behind until opened', async () => {
    const user = userEvent.setup();
    const { store, list } = setup();
    act(() => {
      for (let i = 1; i <= 5; i += 1) store.show({ message: `Toast ${i}`, duration: null });
    });
    const items = within(list).getAllByRole('listitem', { hidden: true });
    expect(items).toHaveLength(5);
    // Newest first; only it can be reached, the others wait behind it.
    expect(items[0]).toHaveTextContent('Toast 5');
    expect(items.filter((item) => item.hasAttribute('inert'))).toHaveLength(4);

    await user.click(screen.getByRole('button', { name: 'Show all 5 notifications' }));
    expect(
      within(list)
        .getAllByRole('listitem')
        .filter((item) => item.hasAttribute('inert')),
    ).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Show fewer notifications' }));
    expect(
      within(list)
        .getAllByRole('listitem', { hidden: true })
        .filter((item) => item.hasAttribute('inert')),
    ).toHaveLength(4);
  });

  it('publishes its height so screens start below it, and stops once it is empty', () => {
    const { store } = setup();
    expect(document.documentElement.style.getPropertyValue('--toast-stack-height')).toBe('');
    let id = '';
    act(() => {
      id = store.show({ message: 'Saved', duration: null });
    });
    expect(document.documentElement.style.getPropertyValue('--toast-stack-height')).toMatch(/px$/);
    act(() => store.dismiss(id));
    expect(document.documentElement.style.getPropertyValue('--toast-stack-height')).toBe('');
  });
});
