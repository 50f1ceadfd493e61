import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { AuditEntry } from '@uplift/contracts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import AdminAuditPage from './AdminAuditPage.tsx';

const bossId = '0b0b0b0b-0000-4000-8000-000000000001';
const deputyId = '0b0b0b0b-0000-4000-8000-000000000002';

function entry(id: string, overrides: Partial<AuditEntry>): AuditEntry {
  return {
    id,
    at: '2026-12-01T10:00:00.000Z',
    actorId: bossId,
    actorName: 'Boss Admin',
    action: 'user.role',
    subjectType: 'user',
    subjectId: 'u-ada',
    subjectLabel: 'ada@example.test',
    before: null,
    after: null,
    ...overrides,
  };
}

const firstPage = [
  entry('e1', { before: { role: 'member-tier-1' }, after: { role: 'member-tier-2' } }),
  entry('e2', {
    action: 'comment.delete',
    subjectType: 'comment',
    subjectId: 'c-1',
    subjectLabel: 'Rude words',
    before: { deleted: false, hidden: false, postId: 'p-9' },
    after: { deleted: true },
  }),
];
const olderPage = [
  entry('e3', { action: 'user.suspend', before: { status: 'active' }, after: { status: 'suspended' } }),
];

const requests: URL[] = [];
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
  const url = new URL(String(input), 'http://localhost');
  if (url.pathname === '/api/admin/audit-log/actors') {
    return json({
      items: [
        { id: bossId, name: 'Boss Admin' },
        { id: deputyId, name: 'Deputy' },
      ],
    });
  }
  if (url.pathname === '/api/admin/audit-log') {
    requests.push(url);
    const older = url.searchParams.get('cursor') === 'older';
    return json(older ? { items: olderPage, nextCursor: null } : { items: firstPage, nextCursor: 'older' });
  }
  return new Response('', { status: 404 });
});

function renderPage(path = '/admin/audit') {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[path]}>
        <AdminAuditPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  requests.length = 0;
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockClear();
});

describe('/admin/audit', () => {
  it('says who did what in words, links the target, and shows before → after readably', async () => {
    renderPage();
    const list = await screen.findByRole('list', { name: 'Admin actions' });
    const [role, comment] = [...list.children] as HTMLElement[];
    expect(role).toHaveTextContent('Boss Admin Changed the role of ada@example.test');
    expect(role).toHaveTextContent('Role: Member → Premium member');
    expect(within(role!).getByRole('link', { name: 'ada@example.test' })).toHaveAttribute(
      'href',
      '/admin/users?q=ada%40example.test',
    );
    expect(within(role!).getByRole('time')).toHaveAttribute('datetime', '2026-12-01T10:00:00.000Z');
    expect(comment).toHaveTextContent('Boss Admin Deleted the comment Rude words');
    expect(comment).toHaveTextContent('Deleted: no → yes');
    // Context recorded on one side only (was it hidden, which post) is not a change.
    expect(comment).not.toHaveTextContent('Hidden');
    expect(comment).not.toHaveTextContent('Post:');
    expect(within(comment!).getByRole('link', { name: 'Rude words' })).toHaveAttribute(
      'href',
      '/community/posts/p-9',
    );
    expect(comment).not.toHaveTextContent('{');
  });

  it('filters by admin, action, target and period, and exports the same filter', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('list', { name: 'Admin actions' });
    const filters = screen.getByRole('search', { name: 'Filter the audit log' });
    const admins = await within(filters).findByRole('combobox', { name: 'Admin' });
    await within(admins).findByRole('option', { name: 'Deputy' });
    await user.selectOptions(admins, 'Deputy');
    await user.selectOptions(
      within(filters).getByRole('combobox', { name: 'Action' }),
      'Anything on members',
    );
    await user.type(within(filters).getByRole('searchbox', { name: 'Target' }), 'ada');
    fireEvent.input(within(filters).getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.input(within(filters).getByLabelText('Until'), { target: { value: '2026-11-30' } });
    await waitFor(() => {
      const last = requests.at(-1);
      expect(Object.fromEntries(last?.searchParams ?? [])).toEqual({
        actorId: deputyId,
        action: 'user',
        target: 'ada',
        from: '2026-11-01',
        to: '2026-11-30',
        limit: '25',
      });
    });
    const exported = new URL(
      screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href') ?? '',
      'http://localhost',
    );
    expect(exported.pathname).toBe('/api/admin/audit-log/export.csv');
    expect(Object.fromEntries(exported.searchParams)).toEqual({
      actorId: deputyId,
      action: 'user',
      target: 'ada',
      from: '2026-11-01',
      to: '2026-11-30',
    });
  });

  it('pages to older entries and back', async () => {
    const user = userEvent.setup();
    renderPage();
    const firstEntry = async () =>
      (await screen.findByRole('list', { name: 'Admin actions' })).firstElementChild?.textContent;
    await waitFor(async () => expect(await firstEntry()).toContain('Role: Member → Premium member'));
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByRole('button', { name: 'Newer entries' })).toBeDisabled();
    await user.click(within(pages).getByRole('button', { name: 'Older entries' }));
    await waitFor(async () => expect(await firstEntry()).toContain('Status: Active → Suspended'));
    expect(requests.at(-1)?.searchParams.get('cursor')).toBe('older');
    expect(within(pages).getByRole('button', { name: 'Older entries' })).toBeDisabled();
    await user.click(within(pages).getByRole('button', { name: 'Newer entries' }));
    await waitFor(async () => expect(await firstEntry()).toContain('Role: Member → Premium member'));
  });
});
