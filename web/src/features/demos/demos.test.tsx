import 'fake-indexeddb/auto';
import { errorCatalogue, errorCodes } from '@uplift/contracts';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatMoment } from '../../lib/format/dateTime.ts';
import { offlineQueue, connectivity } from '../../lib/offline/index.ts';
import { toastStore } from '../../lib/toasts/toastStore.ts';
import { renderRoute } from '../../test/renderRoute.tsx';
import { ToastViewport } from '../../ui/toasts/ToastViewport.tsx';

afterEach(async () => {
  toastStore.dismissAll();
  vi.restoreAllMocks();
  await act(async () => {
    connectivity.store.setState({
      networkUp: true,
      reachable: true,
      simulated: false,
      online: true,
      lastProbe: null,
    });
    await offlineQueue.clear({ notify: false });
  });
});

describe('/error-demo', () => {
  it('shows every catalogue error as its toast', async () => {
    const user = userEvent.setup();
    renderRoute('/error-demo');
    render(<ToastViewport />);
    await screen.findByRole('heading', { level: 1, name: 'Error Handling Demo' });
    const notifications = screen.getByRole('region', { name: 'Notifications' });
    for (const code of errorCodes) {
      await user.click(screen.getByRole('button', { name: `Show ${code}` }));
      expect(within(notifications).getByText(errorCatalogue[code].message)).toBeInTheDocument();
      act(() => toastStore.dismissAll());
    }
  });

  it('a render error ends on the error page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderRoute('/error-demo');
    await user.click(await screen.findByRole('button', { name: 'Break this screen (render error)' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Something went wrong in the app' }),
    ).toBeInTheDocument();
  });
});

describe('/loading-demo', () => {
  it('a failing operation says the demo operation failed, not that changes were kept', async () => {
    renderRoute('/loading-demo');
    render(<ToastViewport />);
    const run = await screen.findByRole('button', { name: 'Run a failing operation' });
    vi.useFakeTimers();
    try {
      fireEvent.click(run);
      act(() => {
        vi.advanceTimersByTime(2_000);
      });
      const notifications = screen.getByRole('region', { name: 'Notifications' });
      expect(within(notifications).getByText('Operation Failed')).toBeInTheDocument();
      expect(within(notifications).getByText(/The demo operation stopped at \d+ %/)).toBeInTheDocument();
      expect(within(notifications).queryByText(/safe on this device|Sync Failed/)).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('/offline-demo', () => {
  it('never says "Not checked yet" beside a last check, and writes every time the same way', async () => {
    const at = Date.UTC(2030, 0, 2, 9, 5, 7);
    act(() =>
      connectivity.store.setState({
        // A check made while offline was simulated: the live signal stays unknown, the check is known.
        reachable: null,
        simulated: true,
        online: false,
        lastProbe: { at, ok: true, latencyMs: 12, serverBuild: 'b-1' },
      }),
    );
    renderRoute('/offline-demo');
    await screen.findByRole('heading', { level: 1, name: 'Offline Demo' });
    const row = (label: string) => screen.getByText(label).nextElementSibling;
    expect(row('Server')).toHaveTextContent('Reachable');
    expect(screen.queryByText('Not checked yet')).not.toBeInTheDocument();
    expect(row('Last check')).toHaveTextContent(`${formatMoment(at, 'timeWithSeconds')}: answered in 12 ms`);
  });

  it('queues a test action while offline and lists it', async () => {
    const user = userEvent.setup();
    renderRoute('/offline-demo');
    render(<ToastViewport />);
    await screen.findByRole('heading', { level: 1, name: 'Offline Demo' });
    await user.click(screen.getByRole('button', { name: 'Simulate offline' }));
    expect(await screen.findByText('Offline (simulated)')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Priority of the test action' }), 'high');
    await user.click(screen.getByRole('button', { name: 'Queue a test action' }));
    const list = await screen.findByRole('list', { name: 'Queued actions' });
    expect(within(list).getByText(/^Offline demo test action #\d+$/)).toBeInTheDocument();
    expect(within(list).getByText(/Priority high · retries 0 of 3/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Queued actions (1)' })).toBeInTheDocument();
    expect(screen.getByText('Action queued for when connection returns')).toBeInTheDocument();
    expect(screen.getByText('No cached content available')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear queue' }));
    expect(await screen.findByText('Offline queue cleared')).toBeInTheDocument();
    expect(screen.getByText('No actions are waiting.')).toBeInTheDocument();
  });
});
