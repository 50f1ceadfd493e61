import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { CommunityPost, ModerationItem } from '@uplift/contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetAuthForTest, signInForTest } from '../../auth/testing.ts';
import { ModerationQueue } from './ModerationQueue.tsx';
import { PostCard } from './PostCard.tsx';

const author = { id: 'u-ada', name: 'Ada Obi', avatarUrl: null };

const flagged: ModerationItem = {
  postId: 'p-1',
  commentId: null,
  body: 'Free certificates, click here',
  author,
  createdAt: '2030-03-01T10:00:00Z',
  hidden: true,
  pendingReview: true,
  reports: [1, 2, 3].map((n) => ({
    reason: 'spam' as const,
    note: null,
    reporter: `Member ${n}`,
    at: `2030-03-0${n}T12:00:00Z`,
  })),
};

function json(body: unknown): Response {
  return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
}

function withClient(children: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  resetAuthForTest();
});

describe('a post hidden by members’ flags (issue 45.7)', () => {
  it('tells its author it is hidden pending review', () => {
    const post: CommunityPost = {
      id: 'p-1',
      topicId: 'wins',
      body: flagged.body,
      author,
      createdAt: flagged.createdAt,
      editedAt: null,
      pinned: false,
      hidden: true,
      pendingReview: true,
      deleted: false,
      commentCount: 0,
      reactions: { like: 0, celebrate: 0, insightful: 0, support: 0 },
      myReactions: [],
      mine: true,
      image: null,
    };
    withClient(<PostCard post={post} topics={[]} userId="u-ada" />);
    expect(screen.getByText('Hidden pending review: several members flagged it')).toBeInTheDocument();
    expect(screen.queryByText('Hidden by a moderator')).not.toBeInTheDocument();
  });

  it('shows in the moderation queue as pending review, and an admin restores it', async () => {
    signInForTest('admin');
    const decisions: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const { pathname } = new URL(String(input), 'http://localhost');
        if (pathname === '/api/admin/moderation/decisions') {
          decisions.push(JSON.parse(String(init?.body)));
          return json({ success: true });
        }
        if (pathname === '/api/admin/moderation') return json({ items: decisions.length ? [] : [flagged] });
        return new Response(new ReadableStream(), { headers: { 'content-type': 'text/event-stream' } });
      }),
    );
    withClient(<ModerationQueue />);
    const item = await screen.findByRole('article', { name: 'Reported post by Ada Obi' });
    expect(within(item).getByText(/hidden pending review/)).toBeInTheDocument();
    expect(within(item).getAllByRole('listitem')).toHaveLength(3);
    await userEvent.click(within(item).getByRole('button', { name: 'Restore post' }));
    await waitFor(() => expect(decisions).toEqual([{ postId: 'p-1', decision: 'restore' }]));
    expect(await screen.findByText('Nothing is waiting for a decision.')).toBeInTheDocument();
  });
});
