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

  it('counts chosen members in words that agree with the number', async () => {
    const memberA = '0b5b8f5e-3d4c-4a7b-9f1e-2c3d4e5f6a01';
    const memberB = '0b5b8f5e-3d4c-4a7b-9f1e-2c3d4e5f6a02';
    const toOne: AdminNotification = {
      ...scheduled,
      id: 'n-2',
      title: 'Your mentor is waiting',
      audience: { type: 'members', userIds: [memberA] },
    };
    const toTwo: AdminNotification = {
      ...scheduled,
      id: 'n-3',
      title: 'Your cohort starts',
      audience: { type: 'members', userIds: [memberA, memberB] },
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ items: [toOne, toTwo], total: 2, page: 1, pageSize: 20 }), {
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <NotificationHistory onMessage={() => {}} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText(/\b1 chosen member\b(?!s)/)).toBeInTheDocument();
    expect(screen.getByText(/\b2 chosen members\b/)).toBeInTheDocument();
  });
});
