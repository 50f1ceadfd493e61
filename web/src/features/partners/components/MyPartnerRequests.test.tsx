import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { PartnerConnectionRequest } from '@uplift/contracts';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAuthForTest, signInForTest } from '../../auth/testing.ts';
import { MyPartnerRequests } from './MyPartnerRequests.tsx';

const pending: PartnerConnectionRequest = {
  id: 'r-1',
  partnerId: 'p-1',
  partnerName: 'Harbour Lights Training',
  partnerLogoSvg: '',
  message: 'I would like to join your trainee scheme.',
  preferredContact: 'email',
  status: 'pending',
  createdAt: '2030-03-01T10:00:00Z',
  answeredAt: null,
  answerMessage: null,
};

function json(body: unknown): Response {
  return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
}

beforeEach(() => {
  signInForTest('member-tier-1');
});
afterEach(() => {
  resetAuthForTest();
  vi.unstubAllGlobals();
});

describe('my partner requests', () => {
  it('shows an answer as it arrives, without a reload', async () => {
    let request = pending;
    const encoder = new TextEncoder();
    let events: ReadableStreamDefaultController<Uint8Array> | null = null;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const { pathname } = new URL(String(input), 'http://localhost');
        if (pathname === '/api/events')
          return new Response(
            new ReadableStream<Uint8Array>({
              start(controller) {
                events = controller;
              },
            }),
            { headers: { 'content-type': 'text/event-stream' } },
          );
        if (pathname === '/api/partners/my-requests') return json({ items: [request] });
        return json({});
      }),
    );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <MyPartnerRequests />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Pending')).toBeVisible();

    // The admin accepts: the server notifies the member, which every open device hears at once.
    request = { ...pending, status: 'accepted', answeredAt: '2030-03-02T10:00:00Z' };
    const event = {
      id: '8',
      type: 'notifications.changed',
      data: { unreadCount: 1 },
      at: new Date().toISOString(),
    };
    events!.enqueue(encoder.encode(`id: 8\ndata: ${JSON.stringify(event)}\n\n`));
    expect(await screen.findByText('Accepted')).toBeVisible();
  });
});
