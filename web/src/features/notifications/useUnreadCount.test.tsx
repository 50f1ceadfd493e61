import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { notificationsChangedEvent } from '@uplift/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notificationKeys } from './api/keys.ts';
import { useUnreadCount } from './useUnreadCount.ts';

type Listener = (event: { data: Record<string, unknown> }) => void;
const listeners = new Map<string, Listener>();

vi.mock('../../lib/live/index.ts', () => ({
  useLiveIdentity: () => undefined,
  liveConnection: {
    subscribe: (type: string, listener: Listener) => {
      listeners.set(type, listener);
      return () => listeners.delete(type);
    },
  },
}));

function Badge() {
  return <span>{useUnreadCount('u-1')}</span>;
}

describe('an arriving notification', () => {
  afterEach(() => Reflect.deleteProperty(navigator, 'vibrate'));

  it('gives the success notification haptic when the unread count grows, and none when it falls', () => {
    const vibrate = vi.fn(() => true);
    Object.defineProperty(navigator, 'vibrate', { value: vibrate, configurable: true });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    client.setQueryData(notificationKeys.unreadCount('u-1'), { unreadCount: 1 });
    render(
      <QueryClientProvider client={client}>
        <Badge />
      </QueryClientProvider>,
    );
    const changed = listeners.get(notificationsChangedEvent);
    act(() => changed?.({ data: { unreadCount: 0 } }));
    expect(vibrate).not.toHaveBeenCalled();
    act(() => changed?.({ data: { unreadCount: 1 } }));
    expect(vibrate).toHaveBeenCalledExactlyOnceWith([15, 60, 15]);
  });
});
