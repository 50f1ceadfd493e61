import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { CommunityComment, ModerationItem } from '@uplift/contracts';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toastStore } from '../../../lib/toasts/toastStore.ts';
import { ToastViewport } from '../../../ui/toasts/ToastViewport.tsx';
import { CommentItem } from './CommentItem.tsx';
import { ModerationQueue } from './ModerationQueue.tsx';

const author = { id: 'u-ada', name: 'Ada Obi', avatarUrl: null };

const comment: CommunityComment = {
  id: 'c-1',
  postId: 'p-1',
  parentId: null,
  body: 'Congratulations on the new role!',
  author,
  createdAt: '2030-03-01T10:00:00Z',
  editedAt: null,
  hidden: false,
  deleted: false,
  mine: true,
};

const reported: ModerationItem = {
  postId: 'p-2',
  commentId: null,
  body: 'Buy followers here',
  author,
  createdAt: '2030-03-01T10:00:00Z',
  hidden: false,
  reports: [{ reason: 'spam', note: null, reporter: 'Bo Lin', at: '2030-03-01T11:00:00Z' }],
};

const writes: { method: string; path: string; body: unknown }[] = [];

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const { pathname } = new URL(String(input), 'http://localhost');
  const method = init?.method ?? 'GET';
  if (method === 'GET' && pathname === '/api/admin/moderation') return json({ items: [reported] });
  writes.push({ method, path: pathname, body: init?.body ? JSON.parse(String(init.body)) : null });
  return json({ success: true });
});

function renderWithToasts(children: ReactNode) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      {children}
      <ToastViewport />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  writes.length = 0;
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  fetchMock.mockClear();
  act(() => toastStore.dismissAll());
});

describe('deleting a comment', () => {
  it('asks first; cancelling keeps it, confirming deletes it', async () => {
    const user = userEvent.setup();
    renderWithToasts(<CommentItem comment={comment} signedIn />);

    await user.click(screen.getByRole('button', { name: 'Delete comment' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this comment?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(writes).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete comment' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete this comment?' })).getByRole('button', {
        name: 'Delete comment',
      }),
    );
    await waitFor(() =>
      expect(writes).toEqual([{ method: 'DELETE', path: '/api/community/comments/c-1', body: null }]),
    );
  });
});

describe('hiding reported content', () => {
  it('hides only when the undo window ends, and not at all when undone', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    renderWithToasts(<ModerationQueue />);

    await user.click(await screen.findByRole('button', { name: 'Hide post' }));
    const notices = screen.getByRole('region', { name: 'Notifications' });
    expect(
      within(notices).getByText('The post will be hidden from everyone but its author.'),
    ).toBeInTheDocument();
    await user.click(within(notices).getByRole('button', { name: 'Undo' }));
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(writes).toEqual([]);
    expect(screen.getByRole('button', { name: 'Hide post' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Hide post' }));
    expect(screen.getByRole('button', { name: 'Hide post' })).toBeDisabled();
    act(() => {
      vi.advanceTimersByTime(6_000);
    });
    await waitFor(() =>
      expect(writes).toEqual([
        {
          method: 'POST',
          path: '/api/admin/moderation/decisions',
          body: { postId: 'p-2', decision: 'hide' },
        },
      ]),
    );
  });
});

describe('a deleted comment', () => {
  it('keeps its place in the thread but names nobody, not even "Former member"', () => {
    renderWithToasts(
      <CommentItem
        comment={{
          ...comment,
          deleted: true,
          mine: false,
          body: '',
          author: { id: null, name: 'Former member', avatarUrl: null },
        }}
        signedIn
      />,
    );
    const removed = screen.getByRole('article', { name: 'Removed comment' });
    expect(removed).toHaveTextContent('This comment was removed.');
    expect(removed).not.toHaveTextContent('Former member');
  });
});
