import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@uplift/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../auth/index.ts';
import { PremiumOffer } from './PremiumOffer.tsx';

const member: User = {
  id: 'u-premium',
  email: 'ria@example.test',
  role: 'member-tier-1',
  permissions: {},
  displayName: 'Ria Member',
  avatarUrl: null,
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function show() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <PremiumOffer />
    </QueryClientProvider>,
  );
}

describe('PremiumOffer', () => {
  beforeEach(() => authStore.setState({ user: member, token: null, signedOutFrom: null }));
  afterEach(() => {
    authStore.setState({ user: null });
    vi.unstubAllGlobals();
  });

  it('says what premium gives without jargon, and a press asks the admins once, then reads "Requested"', async () => {
    const posts: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if (init?.method === 'POST') {
          posts.push(String(input));
          return json({ requestedAt: '2030-03-03T10:00:00.000Z' }, 201);
        }
        return json({ request: null });
      }),
    );
    show();
    expect(screen.getByText(/every premium video, a larger daily allowance/)).toBeVisible();
    expect(document.body.textContent).not.toMatch(/tier/i);

    await userEvent.setup().click(await screen.findByRole('button', { name: 'Ask the admins for premium' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      /^Requested on .*2030\. The admins have been told/,
    );
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatch(/\/api\/premium\/request$/);
  });

  it('shows a request made earlier (on any device) as requested, with nothing to press', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ request: { requestedAt: '2030-03-01T10:00:00.000Z' } })),
    );
    show();
    expect(await screen.findByRole('status')).toHaveTextContent(
      /^Requested on .*2030\. The admins have been told/,
    );
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
