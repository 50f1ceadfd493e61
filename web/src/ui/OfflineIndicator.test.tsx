import 'fake-indexeddb/auto';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { connectivity, offlineQueue } from '../lib/offline/index.ts';
import { OfflineIndicator } from './OfflineIndicator.tsx';
import { goOnline } from '../test/offlineLayer.ts';

afterEach(async () => {
  await act(async () => {
    goOnline();
    await offlineQueue.clear({ notify: false });
  });
});

describe('OfflineIndicator', () => {
  it('shows nothing online, and the offline state with the waiting actions offline', async () => {
    render(<OfflineIndicator />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    act(() => connectivity.store.setState({ networkUp: false, online: false }));
    expect(screen.getByRole('complementary', { name: 'Connection status' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent("You're offline.");
    await act(async () => {
      await offlineQueue.enqueue(
        { type: 't', url: '/api/x', method: 'POST', description: 'One', ownerId: null },
        { notify: false },
      );
    });
    expect(screen.getByRole('status')).toHaveTextContent("You're offline. 1 action waiting to sync.");
  });

  it('says when the outage is simulated', () => {
    render(<OfflineIndicator />);
    act(() => connectivity.store.setState({ simulated: true, online: false }));
    expect(screen.getByRole('status')).toHaveTextContent("You're offline (simulated).");
  });
});
