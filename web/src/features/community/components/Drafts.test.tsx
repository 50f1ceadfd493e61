import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { CommunityTopic } from '@uplift/contracts';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { offlineQueue } from '../../../lib/offline/index.ts';
import { CommentComposer } from './CommentComposer.tsx';
import { PostComposer } from './PostComposer.tsx';
import { goOnline } from '../../../test/offlineLayer.ts';

// The browser build: connectivity follows the web view, not the shells' network plugin.
vi.mock('../../../lib/native/platform.ts', () => ({ isNativePlatform: () => false }));

const topics: CommunityTopic[] = [{ id: 'wins', name: 'Wins', description: 'Good news' }];

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** The server: a post or comment is accepted and echoed back. */
const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const { pathname } = new URL(String(input), 'http://localhost');
  const sent = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
  if (init?.method === 'POST' && pathname.startsWith('/api/community/posts')) return json(sent, 201);
  return json({ success: false, error: { code: 'NOT_FOUND', message: 'No route', statusCode: 404 } }, 404);
});

function withClient(children: ReactNode) {
  return <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>;
}

const postComposer = (userId: string) =>
  withClient(<PostComposer topics={topics} userId={userId} onPosted={() => {}} />);
const commentComposer = (postId: string) =>
  withClient(<CommentComposer postId={postId} userId="member-1" label="Add a comment" />);

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  goOnline();
});

afterEach(async () => {
  vi.unstubAllGlobals();
  fetchMock.mockClear();
  await offlineQueue.clear({ notify: false });
  localStorage.clear();
});

describe('drafts of posts and comments (issue 43.2)', () => {
  it('brings a post back after leaving the page, for its own member only, and forgets it once sent', async () => {
    const first = render(postComposer('member-1'));
    await userEvent.type(screen.getByRole('textbox', { name: 'Your post' }), 'Our circle starts Monday');
    first.unmount();

    const again = render(postComposer('member-1'));
    expect(screen.getByRole('textbox', { name: 'Your post' })).toHaveValue('Our circle starts Monday');
    again.unmount();

    const someoneElse = render(postComposer('member-2'));
    expect(screen.getByRole('textbox', { name: 'Your post' })).toHaveValue('');
    someoneElse.unmount();

    render(postComposer('member-1'));
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Your post' })).toHaveValue(''));
    expect(localStorage.length).toBe(0);
  });

  it('keeps one comment draft per post', async () => {
    const onFirst = render(commentComposer('post-1'));
    await userEvent.type(screen.getByRole('textbox', { name: 'Add a comment' }), 'Congratulations!');
    onFirst.unmount();

    const onSecond = render(commentComposer('post-2'));
    expect(screen.getByRole('textbox', { name: 'Add a comment' })).toHaveValue('');
    onSecond.unmount();

    render(commentComposer('post-1'));
    expect(screen.getByRole('textbox', { name: 'Add a comment' })).toHaveValue('Congratulations!');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Add a comment' })).toHaveValue(''));
    expect(localStorage.length).toBe(0);
  });
});
