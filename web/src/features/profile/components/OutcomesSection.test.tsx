import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Outcome } from '@uplift/contracts';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectivity, offlineQueue } from '../../../lib/offline/index.ts';
import { setQueueOwnerResolver } from '../../../lib/offline/runtime.ts';
import { signInForTest } from '../../auth/testing.ts';
import { OutcomesSection } from './OutcomesSection.tsx';
import { goOnline, resetOfflineLayer } from '../../../test/offlineLayer.ts';

vi.mock('../../../lib/native/platform.ts', () => ({ isNativePlatform: () => false }));

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** The member's outcomes as the server keeps them: PUT changes one and answers with it. */
function fakeServer() {
  const outcomes: Outcome[] = [
    {
      id: 'outcome-1',
      type: 'raise',
      occurredOn: '2026-01-15',
      annualAmount: 2400,
      currency: 'USD',
      note: 'After the review',
    },
  ];
  const writes: Array<{ method: string; path: string; body: unknown; key: string | null }> = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const { pathname } = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    if (pathname === '/api/status')
      return json({ status: 'ok', time: new Date().toISOString(), build: 'test' });
    if (method === 'GET' && pathname === '/api/profile/outcomes') return json({ items: outcomes });
    const id = /^\/api\/profile\/outcomes\/([\w-]+)$/.exec(pathname)?.[1];
    const index = outcomes.findIndex((outcome) => outcome.id === id);
    if (method === 'PUT' && index >= 0) {
      const body = JSON.parse(String(init?.body)) as Omit<Outcome, 'id' | 'currency'>;
      writes.push({ method, path: pathname, body, key: new Headers(init?.headers).get('idempotency-key') });
      outcomes[index] = { ...outcomes[index]!, ...body };
      return json(outcomes[index]);
    }
    return json({ success: false, error: { code: 'NOT_FOUND', message: 'No route', statusCode: 404 } }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { writes };
}

function renderSection(userId: string) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <OutcomesSection userId={userId} />
    </QueryClientProvider>,
  );
}

const section = () => screen.getByRole('region', { name: 'Your outcomes' });

beforeEach(goOnline);

afterEach(resetOfflineLayer);

describe('editing a reported outcome', () => {
  it('opens the same form filled in, sends a PUT with an idempotency key, and shows the change', async () => {
    const user = userEvent.setup();
    const member = signInForTest('member-tier-1');
    const { writes } = fakeServer();
    renderSection(member.id);

    const edit = await screen.findByRole('button', { name: 'Edit Raise of 2026-01-15' });
    await user.click(edit);
    expect(within(section()).getByRole('heading', { name: 'Change an outcome' })).toBeVisible();
    const type = screen.getByRole('combobox', { name: 'What happened' });
    expect(type).toHaveValue('raise');
    expect(type).toHaveFocus();
    expect(screen.getByLabelText('When')).toHaveValue('2026-01-15');
    const amount = screen.getByRole('textbox', { name: 'Yearly pay increase in US dollars (optional)' });
    expect(amount).toHaveValue('2400');

    await user.selectOptions(type, 'promotion');
    await user.clear(amount);
    await user.type(amount, '3000');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Your outcome is updated: Promotion.')).toBeVisible();
    expect(writes).toEqual([
      {
        method: 'PUT',
        path: '/api/profile/outcomes/outcome-1',
        // The note has no field in the form: a change keeps it.
        body: { type: 'promotion', occurredOn: '2026-01-15', annualAmount: 3000, note: 'After the review' },
        key: expect.stringMatching(/^[\da-f-]{36}$/),
      },
    ]);
    // Back to reporting a new outcome, the list showing the change, focus back on the outcome's button.
    expect(within(section()).getByRole('heading', { name: 'Report an outcome' })).toBeVisible();
    const editButton = await screen.findByRole('button', { name: 'Edit Promotion of 2026-01-15' });
    await waitFor(() => expect(editButton).toHaveFocus());
    expect(screen.getByText(/\$3,000 a year/)).toBeVisible();
  });

  it('queues the change while offline and sends it once, with its key, when the connection returns', async () => {
    const user = userEvent.setup();
    const member = signInForTest('member-tier-1');
    setQueueOwnerResolver(() => member.id);
    const { writes } = fakeServer();
    renderSection(member.id);

    await user.click(await screen.findByRole('button', { name: 'Edit Raise of 2026-01-15' }));
    act(() => connectivity.simulateOffline(true));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Saved; it will be sent when you are back online.')).toBeVisible();
    const [queued] = offlineQueue.getSnapshot();
    expect(queued).toMatchObject({
      type: 'outcome-save',
      method: 'PUT',
      url: '/api/profile/outcomes/outcome-1',
      description: 'Change an outcome',
      ownerId: member.id,
    });
    expect(writes).toEqual([]);

    act(() => connectivity.simulateOffline(false));
    await waitFor(() => expect(offlineQueue.getSnapshot()).toEqual([]));
    expect(writes).toHaveLength(1);
    expect(writes[0]!.key).toBe(queued!.idempotencyKey);
  });

  it('cancels without sending anything', async () => {
    const user = userEvent.setup();
    const member = signInForTest('member-tier-1');
    const { writes } = fakeServer();
    renderSection(member.id);

    await user.click(await screen.findByRole('button', { name: 'Edit Raise of 2026-01-15' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(within(section()).getByRole('heading', { name: 'Report an outcome' })).toBeVisible();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Edit Raise of 2026-01-15' })).toHaveFocus(),
    );
    expect(writes).toEqual([]);
  });
});
