import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { SkillResult, SkillShare } from '@uplift/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ShareResult } from './ShareResult.tsx';

const result: SkillResult = {
  skill: 'leadership',
  score: 171,
  level: 'advanced',
  bandLow: 150,
  bandHigh: 192,
  standardError: 0.3,
  itemsAnswered: 8,
  correctCount: 6,
  percentile: null,
  completedAt: '2030-03-03T10:05:00.000Z',
  retakeAvailableAt: '2030-03-17T10:05:00.000Z',
};
const share = (completedAt: string): SkillShare => ({
  id: 'Zx3_aQ9-kLm2Pq7RsT4uVw',
  skill: 'leadership',
  path: '/skills/shared/Zx3_aQ9-kLm2Pq7RsT4uVw',
  completedAt,
  sharedAt: '2030-03-03T10:06:00.000Z',
});

/** The server as far as sharing goes: the member's shares, and what each write sent. */
function server(initial: SkillShare[]) {
  let shares = initial;
  const writes: Array<{ method: string; url: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      if (method === 'GET') return Response.json({ shares });
      writes.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : null });
      if (method === 'POST') {
        shares = [share(result.completedAt)];
        return Response.json(shares[0], { status: 201 });
      }
      shares = [];
      return Response.json({ success: true });
    }),
  );
  return writes;
}

function show() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ShareResult userId="u-1" result={result} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('sharing a result', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('publishes only when asked, then offers Share and Stop sharing', async () => {
    const writes = server([]);
    show();
    const user = userEvent.setup();
    expect(await screen.findByText(/not your name, score or answers/)).toBeVisible();
    expect(writes).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Share my result' }));
    expect(await screen.findByRole('button', { name: 'Share' })).toBeVisible();
    expect(writes).toEqual([expect.objectContaining({ method: 'POST', body: { skill: 'leadership' } })]);
    expect(screen.getByRole('link', { name: 'link to your Leadership result' })).toHaveAttribute(
      'href',
      '/skills/shared/Zx3_aQ9-kLm2Pq7RsT4uVw',
    );
    await user.click(screen.getByRole('button', { name: 'Stop sharing' }));
    expect(await screen.findByRole('button', { name: 'Share my result' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Sharing stopped: the link no longer works.');
    expect(writes[1]).toEqual(
      expect.objectContaining({
        method: 'DELETE',
        url: expect.stringMatching(/\/skills\/shares\/Zx3_aQ9-kLm2Pq7RsT4uVw$/),
      }),
    );
  });

  it('says when an earlier result is the one shared, and lets the member replace or stop it', async () => {
    const writes = server([share('2030-02-01T09:00:00.000Z')]);
    show();
    const user = userEvent.setup();
    expect(await screen.findByRole('link', { name: 'earlier Leadership result' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Share this result instead' }));
    expect(await screen.findByRole('button', { name: 'Share' })).toBeVisible();
    expect(writes).toEqual([expect.objectContaining({ method: 'POST' })]);
  });
});
