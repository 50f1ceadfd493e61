import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { AdminUser } from '@uplift/contracts';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatRecent } from '../../lib/format/dateTime.ts';
import { toastStore } from '../../lib/toasts/toastStore.ts';
import { ToastViewport } from '../../ui/toasts/ToastViewport.tsx';
import AdminUsersPage from './AdminUsersPage.tsx';

function member(id: string, name: string, overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id,
    email: `${name.toLowerCase()}@example.test`,
    displayName: name,
    role: 'member-tier-1',
    status: 'active',
    suspendedAt: null,
    emailVerifiedAt: null,
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
    const verified = url.searchParams.get('verified');
    const items = people.filter(
      (person) => verified === null || (verified === 'verified') === (person.emailVerifiedAt !== null),
    );
    if (url.searchParams.get('sort') === 'lastActive') {
      items.sort((a, b) => (b.lastActiveAt ?? '').localeCompare(a.lastActiveAt ?? ''));
    }
    return json({ items, total: items.length, page: 1, pageSize: 25 });
  }
  const one = /^\/api\/users\/([^/]+)$/.exec(url.pathname);
  if (method === 'PATCH' && one) {
    const change = body as { role?: AdminUser['role']; suspended?: boolean };
    people = people.map((person) =>
      person.id === one[1]
        ? {
            ...person,
            role: change.role ?? person.role,
            status:
              change.suspended === undefined ? person.status : change.suspended ? 'suspended' : 'active',
          }
        : person,
    );
    return json(people.find((person) => person.id === one[1]));
  }
  if (method === 'POST' && /^\/api\/users\/[^/]+\/password-reset$/.test(url.pathname)) {
    return json({ success: true }, 202);
  }
  if (method === 'GET' && url.pathname === '/api/users/export.csv') {
    return new Response('id,email\n', {
      headers: {
        'content-type': 'text/csv',
        'content-disposition': 'attachment; filename="uplift-members-2030-03-03.csv"',
      },
    });
  }
  if (method === 'POST' && url.pathname === '/api/users/bulk') {
    return json({ changed: people.length, unchanged: 0, skipped: [] });
  }
  return json({ error: 'not found' }, 404);
});

function renderPage(path = '/admin/users') {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[path]}>
        <AdminUsersPage />
        <ToastViewport />
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
  vi.useRealTimers();
  vi.unstubAllGlobals();
  fetchMock.mockClear();
  act(() => toastStore.dismissAll());
});

const writes = () => sent.filter((entry) => entry.method !== 'GET');

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

describe('the admin users list: verified email', () => {
  it('says in words who has verified their address, in the table and on the cards', async () => {
    people = [member('u-ada', 'Ada', { emailVerifiedAt: '2026-01-03T09:00:00.000Z' }), member('u-bo', 'Bo')];
    renderPage();
    const cards = await screen.findByRole('list', { name: 'Members' });
    expect((await within(cards).findByRole('heading', { name: 'Ada' })).closest('li')).toHaveTextContent(
      'ada@example.test · Verified',
    );
    expect(within(cards).getByRole('heading', { name: 'Bo' }).closest('li')).toHaveTextContent(
      'bo@example.test · Not verified',
    );
    const table = screen.getByRole('table', { name: 'Members' });
    expect(within(table).getByRole('columnheader', { name: 'Verified' })).toBeInTheDocument();
    const boRow = within(table).getByRole('row', { name: /Bo/ });
    expect(within(boRow).getByRole('cell', { name: 'Not verified' })).toBeInTheDocument();
  });

  it('filters on it through the server, and the export follows the filter', async () => {
    const user = userEvent.setup();
    people = [member('u-ada', 'Ada', { emailVerifiedAt: '2026-01-03T09:00:00.000Z' }), member('u-bo', 'Bo')];
    renderPage();
    await screen.findByRole('heading', { name: 'Ada' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Email' }), 'Not verified');
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Ada' })).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'Bo' })).toBeInTheDocument();
    const last = sent.filter((entry) => entry.url.pathname === '/api/users').at(-1);
    expect(last?.url.searchParams.get('verified')).toBe('unverified');
    // The file is fetched with the session and saved as a download (jsdom has no object URLs of its own).
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:csv', revokeObjectURL: () => {} }),
    );
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('The CSV is saved as uplift-members-2030-03-03.csv.')).toBeInTheDocument();
    const exported = sent.filter((entry) => entry.url.pathname === '/api/users/export.csv').at(-1);
    expect(exported?.url.searchParams.get('verified')).toBe('unverified');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Email' }), 'All');
    expect(await screen.findByRole('heading', { name: 'Ada' })).toBeInTheDocument();
  });
});

describe('the admin users list: password-reset links', () => {
  it('mails a member a reset link once confirmed, and never shows or sets a password', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('heading', { name: 'Ada' });
    await user.click(screen.getAllByRole('button', { name: /^Send reset link ?to Ada$/ })[0]!);
    const dialog = screen.getByRole('dialog', { name: 'Send Ada a password-reset link?' });
    expect(dialog).toHaveTextContent('You never see the link or the password.');
    expect(within(dialog).queryByLabelText(/password/i)).not.toBeInTheDocument();
    expect(writes()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Send link' }));
    await waitFor(() =>
      expect(writes()).toEqual([
        {
          method: 'POST',
          url: expect.objectContaining({ pathname: '/api/users/u-ada/password-reset' }) as URL,
          body: undefined,
        },
      ]),
    );
    expect(
      await screen.findByText('A password-reset link is on its way to ada@example.test.'),
    ).toBeInTheDocument();
  });
});

describe('the admin users list: confirm or undo', () => {
  it('grants Admin only once the member’s email is typed, and sends it as the confirmation', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('heading', { name: 'Ada' });
    const [roleOfAda] = screen.getAllByRole('combobox', { name: 'Role of Ada' });
    await user.selectOptions(roleOfAda!, 'Admin');
    const dialog = screen.getByRole('dialog', { name: 'Make Ada an admin?' });
    const confirm = within(dialog).getByRole('button', { name: 'Make admin' });
    expect(confirm).toBeDisabled();
    // Nothing is sent by choosing, and cancelling leaves the role as it was.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(roleOfAda).toHaveValue('member-tier-1');
    expect(writes()).toEqual([]);

    await user.selectOptions(roleOfAda!, 'Admin');
    const again = screen.getByRole('dialog', { name: 'Make Ada an admin?' });
    const field = within(again).getByRole('textbox', { name: 'Type ada@example.test to confirm' });
    await user.type(field, 'ada@example');
    expect(within(again).getByRole('button', { name: 'Make admin' })).toBeDisabled();
    await user.type(field, '.test');
    await user.click(within(again).getByRole('button', { name: 'Make admin' }));
    await waitFor(() =>
      expect(writes()).toEqual([
        {
          method: 'PATCH',
          url: expect.objectContaining({ pathname: '/api/users/u-ada' }) as URL,
          body: { role: 'admin', confirmEmail: 'ada@example.test' },
        },
      ]),
    );
    expect(await screen.findByText('Ada is now Admin.')).toBeInTheDocument();
  });

  it('confirms any other role change before sending it', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('heading', { name: 'Bo' });
    await user.selectOptions(screen.getAllByRole('combobox', { name: 'Role of Bo' })[0]!, 'Premium member');
    const dialog = screen.getByRole('dialog', { name: 'Make Bo a Premium member?' });
    expect(writes()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Make Premium member' }));
    await waitFor(() => expect(writes().map((entry) => entry.body)).toEqual([{ role: 'member-tier-2' }]));
  });

  it('suspends after a confirmation with an optional reason, only when the undo window ends, and not at all when undone', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    renderPage();
    await screen.findByRole('heading', { name: 'Ada' });

    await user.click(screen.getAllByRole('button', { name: /^Suspend ?Ada$/ })[0]!);
    await user.click(
      within(screen.getByRole('dialog', { name: 'Suspend Ada?' })).getByRole('button', {
        name: 'Suspend and sign out',
      }),
    );
    const notices = screen.getByRole('region', { name: 'Notifications' });
    expect(within(notices).getByText('Ada will be suspended and signed out everywhere.')).toBeInTheDocument();
    await user.click(within(notices).getByRole('button', { name: 'Undo' }));
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(writes()).toEqual([]);
    expect(screen.getAllByRole('button', { name: /^Suspend ?Ada$/ })[0]).toBeEnabled();

    // The second time with a reason, which goes to the server with the suspension (decision 0070).
    await user.click(screen.getAllByRole('button', { name: /^Suspend ?Ada$/ })[0]!);
    const dialog = screen.getByRole('dialog', { name: 'Suspend Ada?' });
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Reason, shown to Ada (optional)' }),
      ' Spam in the community ',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Suspend and sign out' }));
    expect(writes()).toEqual([]);
    act(() => {
      vi.advanceTimersByTime(6_000);
    });
    await waitFor(() =>
      expect(writes().map((entry) => entry.body)).toEqual([
        { suspended: true, suspendReason: 'Spam in the community' },
      ]),
    );
    expect(await screen.findByText('Ada is suspended and signed out everywhere.')).toBeInTheDocument();
  });

  it('has no default bulk action, never grants Admin in bulk, and names "all that match" with the count', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('heading', { name: 'Ada' });
    const bulk = screen.getByRole('region', { name: 'Bulk actions' });
    const action = within(bulk).getByRole('combobox', { name: 'Action' });
    expect(action).toHaveDisplayValue('Choose an action');
    expect(within(action).queryByRole('option', { name: 'Make Admin' })).not.toBeInTheDocument();

    await user.click(within(bulk).getByRole('checkbox', { name: 'All 2 that match the filter' }));
    const apply = within(bulk).getByRole('button', { name: 'Apply to 2 members' });
    expect(apply).toBeDisabled();
    await user.selectOptions(action, 'Suspend');
    await user.click(apply);
    const dialog = screen.getByRole('dialog', { name: 'Suspend all 2 members that match the filter?' });
    expect(dialog).toHaveTextContent('Every member the filter matches, on every page');
    expect(writes()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Suspend 2 members' }));
    await waitFor(() =>
      expect(writes().map((entry) => entry.body)).toEqual([
        { target: { filter: {}, expectedCount: 2 }, action: { type: 'suspend' } },
      ]),
    );
    expect(await screen.findByText('2 changed, 0 already so.')).toBeInTheDocument();
    expect(action).toHaveDisplayValue('Choose an action');
  });

  it('sends the reason a bulk suspension gives, for each member to read', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('heading', { name: 'Ada' });
    const bulk = screen.getByRole('region', { name: 'Bulk actions' });
    await user.click(within(bulk).getByRole('checkbox', { name: 'All 2 that match the filter' }));
    await user.selectOptions(within(bulk).getByRole('combobox', { name: 'Action' }), 'Suspend');
    await user.click(within(bulk).getByRole('button', { name: 'Apply to 2 members' }));
    const dialog = screen.getByRole('dialog', { name: 'Suspend all 2 members that match the filter?' });
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Reason, shown to each of them (optional)' }),
      '  Spam accounts from one address  ',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Suspend 2 members' }));
    await waitFor(() =>
      expect(writes().map((entry) => entry.body)).toEqual([
        {
          target: { filter: {}, expectedCount: 2 },
          action: { type: 'suspend', reason: 'Spam accounts from one address' },
        },
      ]),
    );
  });
});
