import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { NotificationAudience } from '@uplift/contracts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NotificationComposer } from './NotificationComposer.tsx';

afterEach(() => vi.unstubAllGlobals());

/** The server's count for each audience, as `POST /api/admin/notifications/audience-size` answers. */
function serverCounting(sizes: (audience: NotificationAudience) => number) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const { pathname } = new URL(String(input), 'http://localhost');
    if (pathname === '/api/admin/notifications/audience-size') {
      const { audience } = JSON.parse(String(init?.body)) as { audience: NotificationAudience };
      return new Response(JSON.stringify({ targeted: sizes(audience) }), {
        headers: { 'content-type': 'application/json' },
      });
    }
    return new Response(JSON.stringify({ items: [] }), { headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('the notification composer', () => {
  it('says how many members the send reaches, and again as the targeting changes', async () => {
    const user = userEvent.setup();
    serverCounting((audience) => (audience.type === 'everyone' ? 12 : audience.type === 'role' ? 1 : 0));
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <NotificationComposer onSent={() => {}} />
      </QueryClientProvider>,
    );
    const reach = screen.getByRole('status');
    expect(await screen.findByText('This reaches 12 members.')).toBe(reach);

    await user.click(screen.getByRole('radio', { name: 'A role or tier' }));
    expect(await screen.findByText('This reaches 1 member.')).toBe(screen.getByRole('status'));

    await user.click(screen.getByRole('radio', { name: 'Chosen members' }));
    expect(await screen.findByText('This reaches nobody yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send notification' })).toBeDisabled();
  });
});
