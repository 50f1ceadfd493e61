import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { MemberStory } from '@uplift/contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import AdminMemberPage from './AdminMemberPage.tsx';

const empty = { items: [], total: 0, page: 1, pageSize: 10 };
const post = (n: number) => ({
  id: `p-${n}`,
  topicId: 'wins',
  excerpt: `Post number ${n}`,
  createdAt: '2026-03-01T10:00:00.000Z',
  state: n === 1 ? ('deleted' as const) : ('shown' as const),
  commentCount: 0,
});

const story: MemberStory = {
  user: {
    id: 'u-ada',
    email: 'ada@example.test',
    displayName: 'Ada Lovelace',
    role: 'member-tier-2',
    status: 'suspended',
    suspendedAt: '2026-03-02T09:00:00.000Z',
    emailVerifiedAt: null,
    joinedAt: '2026-01-02T10:00:00.000Z',
    lastActiveAt: '2026-03-01T12:00:00.000Z',
  },
  suspendedReason: 'Spam in the community',
  roleHistory: [{ at: '2026-02-01T10:00:00.000Z', from: 'member-tier-1', to: 'member-tier-2', by: 'Grace' }],
  sessions: {
    ...empty,
    total: 1,
    items: [
      {
        id: 's-1',
        startedAt: '2026-03-01T08:00:00.000Z',
        lastActiveAt: '2026-03-01T12:00:00.000Z',
        endedAt: '2026-03-02T09:00:00.000Z',
        endedReason: 'suspended',
        device: 'Mozilla/5.0 (Linux; Android 14; Pixel 7)',
        ip: '10.0.0.1',
      },
    ],
  },
  posts: { items: Array.from({ length: 10 }, (_, i) => post(12 - i)), total: 12, page: 1, pageSize: 10 },
  comments: empty,
  assessments: {
    ...empty,
    total: 1,
    items: [
      {
        id: 'a-1',
        status: 'completed',
        startedAt: '2026-02-10T10:00:00.000Z',
        completedAt: '2026-02-10T10:20:00.000Z',
        results: [{ skill: 'leadership', score: 72 }],
      },
    ],
  },
  'partner-requests': {
    ...empty,
    total: 1,
    items: [
      {
        id: 'r-1',
        partnerId: 'pa-1',
        partnerName: 'Harbour Training',
        status: 'pending',
        createdAt: '2026-02-11T10:00:00.000Z',
        answeredAt: null,
      },
    ],
  },
  notifications: empty,
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
  const url = new URL(String(input), 'http://localhost');
  if (url.pathname === '/api/admin/users/u-ada') return json(story);
  if (url.pathname === '/api/admin/users/u-ada/posts' && url.searchParams.get('page') === '2') {
    return json({ items: [post(2), post(1)], total: 12, page: 2, pageSize: 10 });
  }
  if (url.pathname === '/api/admin/audit-log') return json({ items: [], nextCursor: null });
  return json(
    { success: false, error: { code: 'NOT_FOUND', message: 'No member has this id.', statusCode: 404 } },
    404,
  );
});

function renderPage(id = 'u-ada') {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[`/admin/users/${id}`]}>
        <Routes>
          <Route path="/admin/users/:id" element={<AdminMemberPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockClear();
});

describe("a member's whole story", () => {
  it('shows the account, why they are suspended, and every section with its count', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getByText(/Suspended .*: Spam in the community\./)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Reinstate/ })).toBeInTheDocument();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings).toEqual([
      'Role and tier history',
      'Sessions and devices (1)',
      'Posts (12)',
      'Comments (0)',
      'Assessments (1)',
      'Partner requests (1)',
      'Notifications received (0)',
      'What admins did',
    ]);
    const roles = screen.getByRole('region', { name: 'Role and tier history' });
    expect(roles).toHaveTextContent(/Member → Premium member, by Grace/);
    expect(roles).toHaveTextContent(/Joined as Member/);
    expect(screen.getByRole('region', { name: 'Sessions and devices (1)' })).toHaveTextContent(
      /Pixel 7.*ended by a suspension/s,
    );
    expect(screen.getByRole('region', { name: 'Assessments (1)' })).toHaveTextContent('Leadership 72');
    expect(screen.getByRole('link', { name: 'Harbour Training' })).toHaveAttribute('href', '/partners/pa-1');
    expect(screen.getByRole('region', { name: 'Comments (0)' })).toHaveTextContent('No comments.');
  });

  it('pages a long section on its own, marking deleted posts', async () => {
    const user = userEvent.setup();
    renderPage();
    const posts = await screen.findByRole('region', { name: 'Posts (12)' });
    expect(within(posts).getAllByRole('listitem')).toHaveLength(10);
    expect(within(posts).getByText('Page 1 of 2')).toBeInTheDocument();
    await user.click(within(posts).getByRole('button', { name: 'Older posts' }));
    await waitFor(() => expect(within(posts).getAllByRole('listitem')).toHaveLength(2));
    expect(within(posts).getByRole('link', { name: 'Post number 2' })).toHaveAttribute(
      'href',
      '/community/posts/p-2',
    );
    expect(within(posts).getAllByRole('listitem')[1]).toHaveTextContent(/removed with the post.*Deleted/);
    expect(within(posts).getByRole('button', { name: 'Older posts' })).toBeDisabled();
  });

  it('says so when there is no such member', async () => {
    renderPage('u-gone');
    // The alert is in the page from the start (LoadAlert): the words arrive in it.
    expect(await screen.findByText('No member has this id.')).toHaveAttribute('role', 'alert');
    expect(screen.getByRole('heading', { level: 1, name: 'Member' })).toBeInTheDocument();
  });
});
