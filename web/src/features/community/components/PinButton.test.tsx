import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { CommunityPost } from '@uplift/contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetAuthForTest, signInForTest } from '../../auth/testing.ts';
import { FeedView } from './FeedView.tsx';

const noReactions = { like: 0, celebrate: 0, insightful: 0, support: 0 };

function post(id: string, name: string, createdAt: string): CommunityPost {
  return {
    id,
    topicId: 'wins',
    body: `A post by ${name}`,
    author: { id: `author-${id}`, name, avatarUrl: null },
    createdAt,
    editedAt: null,
    pinned: false,
    hidden: false,
    deleted: false,
    commentCount: 0,
    reactions: noReactions,
    myReactions: [],
    mine: false,
    image: null,
  };
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** The feed API as the server answers it: newest first, pinned posts on top of the first page. */
function fakeServer({ refuse = false } = {}) {
  const posts = [
    post('p-new', 'Ada Obi', '2030-03-02T10:00:00Z'),
    post('p-old', 'Bo Lin', '2030-03-01T10:00:00Z'),
  ];
  const pins: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const { pathname } = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      // The live connection stays open and silent.
      if (pathname === '/api/events')
        return new Response(new ReadableStream(), { headers: { 'content-type': 'text/event-stream' } });
      if (pathname === '/api/community/topics')
        return json({ items: [{ id: 'wins', name: 'Wins', description: 'Good news' }] });
      if (method === 'GET' && pathname === '/api/community/posts')
        return json({
          pinned: posts.filter((entry) => entry.pinned),
          items: posts.filter((entry) => !entry.pinned),
          nextCursor: null,
        });
      const pin = /^\/api\/community\/posts\/([\w-]+)\/pin$/.exec(pathname);
      const target = posts.find((entry) => entry.id === pin?.[1]);
      if (method === 'PUT' && target && refuse)
        return json(
          { success: false, error: { code: 'FORBIDDEN', message: 'Admins only', statusCode: 403 } },
          403,
        );
      if (method === 'PUT' && target) {
        const body = JSON.parse(String(init?.body)) as { pinned: boolean };
        pins.push({ path: pathname, body });
        target.pinned = body.pinned;
        return json(target);
      }
      return json(
        { success: false, error: { code: 'NOT_FOUND', message: 'No route', statusCode: 404 } },
        404,
      );
    }),
  );
  return { pins };
}

function renderFeed(userId: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/community']}>
        <FeedView userId={userId} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The posts' accessible names in the order the feed shows them. */
async function postOrder() {
  const list = await screen.findAllByRole('article');
  return list.map((article) => article.getAttribute('aria-labelledby'));
}

afterEach(() => {
  vi.unstubAllGlobals();
  resetAuthForTest();
});

describe('pinning in the feed', () => {
  it('lets an admin pin a post to the top and unpin it again', async () => {
    const user = userEvent.setup();
    const { pins } = fakeServer();
    signInForTest('admin');
    renderFeed('user-admin');

    await screen.findByText('A post by Bo Lin');
    expect(await postOrder()).toEqual(['post-p-new', 'post-p-old']);
    expect(screen.queryByText('Pinned')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Pin the post by Bo Lin' }));
    const unpin = await screen.findByRole('button', { name: 'Unpin the post by Bo Lin' });
    expect(pins).toEqual([{ path: '/api/community/posts/p-old/pin', body: { pinned: true } }]);
    expect(await postOrder()).toEqual(['post-p-old', 'post-p-new']);
    const pinnedPost = screen.getByRole('article', { name: 'Post by Bo Lin' });
    expect(within(pinnedPost).getByText('Pinned')).toBeInTheDocument();

    await user.click(unpin);
    await screen.findByRole('button', { name: 'Pin the post by Bo Lin' });
    expect(pins.at(-1)).toEqual({ path: '/api/community/posts/p-old/pin', body: { pinned: false } });
    await waitFor(async () => expect(await postOrder()).toEqual(['post-p-new', 'post-p-old']));
    expect(screen.queryByText('Pinned')).not.toBeInTheDocument();
  });

  it('tells the admin when the server refuses, and leaves the post where it was', async () => {
    const user = userEvent.setup();
    fakeServer({ refuse: true });
    signInForTest('admin');
    renderFeed('user-admin');

    await user.click(await screen.findByRole('button', { name: 'Pin the post by Bo Lin' }));
    // The one alert with words: the feed's load alert is there too, empty (hidden in a browser, not in jsdom).
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.filter((alert) => alert.textContent !== '').map((alert) => alert.textContent)).toEqual([
      'Could not pin the post. Try again.',
    ]);
    expect(await postOrder()).toEqual(['post-p-new', 'post-p-old']);
    expect(screen.queryByText('Pinned')).not.toBeInTheDocument();
  });

  it('shows a member no pin control', async () => {
    fakeServer();
    signInForTest('member-tier-2');
    renderFeed('user-member-tier-2');

    await screen.findByText('A post by Bo Lin');
    expect(screen.queryByRole('button', { name: /^(Pin|Unpin)\b/ })).not.toBeInTheDocument();
  });
});
