import type { AdminPartnerRequest } from '@uplift/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminPartnerRequests } from './AdminPartnerRequests.tsx';

const pending: AdminPartnerRequest = {
  id: '00000000-0000-4000-8000-0000000000a1',
  partnerId: 'partner-1',
  partnerName: 'Northwind Apprenticeships',
  partnerLogoSvg: '<svg xmlns="http://www.w3.org/2000/svg"/>',
  message: 'I would like to join your trainee scheme.',
  preferredContact: 'email',
  status: 'pending',
  createdAt: '2030-03-03T10:00:00.000Z',
  answeredAt: null,
  answerMessage: null,
  member: { id: 'member-1', displayName: 'Ada Member', email: 'ada@example.test' },
};

function json(body: unknown): Response {
  return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
}

afterEach(() => vi.unstubAllGlobals());

describe('answering connection requests', () => {
  it('sends the message the admin wrote with the answer', async () => {
    const patches: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
        if (init?.method === 'PATCH') {
          const body = JSON.parse(String(init.body));
          patches.push(body);
          return json({ ...pending, ...body, answerMessage: body.message, answeredAt: pending.createdAt });
        }
        return json({ items: [pending], total: 1, page: 1, pageSize: 50 });
      }),
    );
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AdminPartnerRequests />
      </QueryClientProvider>,
    );

    const box = await screen.findByRole('textbox', { name: 'Message to Ada Member (optional)' });
    expect(box).toHaveAttribute('maxLength', '400');
    await user.type(box, '  Our autumn intake is full; write again in January.  ');
    await user.click(
      screen.getByRole('button', { name: "Decline Ada Member's request to Northwind Apprenticeships" }),
    );

    await vi.waitFor(() =>
      expect(patches).toEqual([
        { status: 'declined', message: 'Our autumn intake is full; write again in January.' },
      ]),
    );
  });

  it('sends no message when the box is left empty', async () => {
    const patches: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
        if (init?.method === 'PATCH') {
          patches.push(JSON.parse(String(init.body)));
          return json({ ...pending, status: 'accepted' });
        }
        return json({ items: [pending], total: 1, page: 1, pageSize: 50 });
      }),
    );
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AdminPartnerRequests />
      </QueryClientProvider>,
    );
    await user.click(
      await screen.findByRole('button', { name: "Accept Ada Member's request to Northwind Apprenticeships" }),
    );
    await vi.waitFor(() => expect(patches).toEqual([{ status: 'accepted' }]));
  });
});
