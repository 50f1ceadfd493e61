import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { AdminNotification } from '@uplift/contracts';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NotificationHistory } from './NotificationHistory.tsx';

const scheduled: AdminNotification = {
  id: 'n-1',
  kind: 'announcements',
  title: 'Workshop on Thursday',
  body: 'Interview practice at 6 pm.',
  link: null,
  audience: { type: 'everyone' },
  status: 'scheduled',
  scheduledFor: '2030-03-07T18:00:00Z',
  sentAt: null,
  createdAt: '2030-03-01T10:00:00Z',
  createdBy: 'Admin',
  counts: { targeted: 0, deliveredInApp: 0, deliveredPush: 0, read: 0 },
};

afterEach(() => vi.unstubAllGlobals());

describe('the send history', () => {
  // WCAG 2.5.3: a voice user says what they see ("Cancel send") and must reach the button by it.
  it("names a scheduled send's cancel button by its visible words, then the send", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ items: [scheduled], total: 1, page: 1, pageSize: 20 }), {
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <NotificationHistory onMessage={() => {}} />
      </QueryClientProvider>,
    );
    const cancel = await screen.findByRole('button', { name: 'Cancel send: Workshop on Thursday' });
    expect(cancel).toHaveTextContent('Cancel send');
  });
});
