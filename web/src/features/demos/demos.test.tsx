import 'fake-indexeddb/auto';
import { errorCatalogue, errorCodes } from '@uplift/contracts';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { offlineQueue, connectivity } from '../../lib/offline/index.ts';
import { toastStore } from '../../lib/toasts/toastStore.ts';
import { renderRoute } from '../../test/renderRoute.tsx';
import { ToastViewport } from '../../ui/toasts/ToastViewport.tsx';

afterEach(async () => {
  toastStore.dismissAll();
  vi.restoreAllMocks();
  await act(async () => {
    connectivity.store.setState({ networkUp: true, reachable: true, simulated: false, online: true });
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
      await screen.findByRole('heading', { level: 1, name: 'Internal Server Error' }),
    ).toBeInTheDocument();
  });
});

describe('/offline-demo', () => {
  it('queues a test action while offline and lists it', async () => {
    const user = userEvent.setup();
    renderRoute('/offline-demo');
    render(<ToastViewport />);
    await screen.findByRole('heading', { level: 1, name: 'Offline Demo' });
    await user.click(screen.getByRole('button', { name: 'Simulate offline' }));
    expect(screen.getByText('Offline (simulated)')).toBeInTheDocument();
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
