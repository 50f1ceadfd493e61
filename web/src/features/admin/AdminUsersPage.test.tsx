import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { AdminUser } from '@uplift/contracts';
import { render, screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatRecent } from '../../lib/format/dateTime.ts';
import AdminUsersPage from './AdminUsersPage.tsx';

function member(id: string, name: string, overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id,
    email: `${name.toLowerCase()}@example.test`,
    displayName: name,
    role: 'member-tier-1',
    status: 'active',
    suspendedAt: null,
    joinedAt: '2026-01-02T10:00:00.000Z',
    lastActiveAt: null,
    ...overrides,
  };
}

const seenAt = new Date(Date.now() - 5 * 60_000).toISOString();
let people: AdminUser[] = [];
/** Every request the page sent, as method, path with query, and body. */
const sent: Array<{ method: string; url: URL; body: unknown }> = [];

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A small admin API: the member list (sorted by last activity on request) and one-member changes. */
const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = new URL(String(input), 'http://localhost');
  const method = init?.method ?? 'GET';
  const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
  sent.push({ method, url, body });
  if (method === 'GET' && url.pathname === '/api/users') {
    const items = [...people];
    if (url.searchParams.get('sort') === 'lastActive') {
      items.sort((a, b) => (b.lastActiveAt ?? '').localeCompare(a.lastActiveAt ?? ''));
    }
    return json({ items, total: items.length, page: 1, pageSize: 25 });
  }
  return json({ error: 'not found' }, 404);
});

function renderPage(path = '/admin/users') {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[path]}>
        <AdminUsersPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  sent.length = 0;
  people = [member('u-ada', 'Ada'), member('u-bo', 'Bo', { lastActiveAt: seenAt })];
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockClear();
});

describe('the admin users list: last active', () => {
  it('shows when each member was last active, "Never" for one who never was', async () => {
    renderPage();
    const cards = await screen.findByRole('list', { name: 'Members' });
    const bo = (await within(cards).findByRole('heading', { name: 'Bo' })).closest('li');
    const ada = within(cards).getByRole('heading', { name: 'Ada' }).closest('li');
    expect(bo).toHaveTextContent(`Last active ${formatRecent(seenAt)}`);
    expect(ada).toHaveTextContent('Never active');

    const table = screen.getByRole('table', { name: 'Members' });
    const boRow = within(table).getByRole('row', { name: /Bo/ });
    expect(within(boRow).getByRole('cell', { name: formatRecent(seenAt) })).toBeInTheDocument();
  });

  it('"Recently active" asks the server for the most recent first', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('heading', { name: 'Ada' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Recently active');
    await waitFor(() => {
      const last = sent.filter((entry) => entry.url.pathname === '/api/users').at(-1);
      expect(last?.url.searchParams.get('sort')).toBe('lastActive');
      expect(last?.url.searchParams.get('dir')).toBe('desc');
    });
    const cards = screen.getByRole('list', { name: 'Members' });
    await waitFor(() =>
      expect(
        within(cards)
          .getAllByRole('heading')
          .map((heading) => heading.textContent),
      ).toEqual(['Bo', 'Ada']),
    );
  });
});
