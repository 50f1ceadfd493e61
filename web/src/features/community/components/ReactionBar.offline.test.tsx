import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { CommunityPost } from '@uplift/contracts';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectivity, offlineQueue } from '../../../lib/offline/index.ts';
import { setQueueOwnerResolver } from '../../../lib/offline/runtime.ts';
import { toastStore } from '../../../lib/toasts/toastStore.ts';
import { signInForTest } from '../../auth/testing.ts';
import { ReactionBar } from './ReactionBar.tsx';
import { goOnline, resetOfflineLayer } from '../../../test/offlineLayer.ts';

// The browser build: connectivity follows the web view, not the shells' network plugin.
vi.mock('../../../lib/native/platform.ts', () => ({ isNativePlatform: () => false }));

const post: CommunityPost = {
  id: 'post-1',
  topicId: 'wins',
  body: 'Got the job',
  author: { id: 'author-1', name: 'Ada Obi', avatarUrl: null },
  createdAt: '2030-03-02T10:00:00Z',
  editedAt: null,
  pinned: false,
  hidden: false,
  deleted: false,
  commentCount: 0,
  reactions: { like: 0, celebrate: 2, insightful: 0, support: 0 },
  myReactions: [],
  mine: false,
  image: null,
};

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** The server while the connection is back: the status probe and the reaction endpoint. */
const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const { pathname } = new URL(String(input), 'http://localhost');
  if (pathname === '/api/status')
    return json({ status: 'ok', time: new Date().toISOString(), build: 'test' });
  if (init?.method === 'PUT' && pathname === '/api/community/posts/post-1/reactions/like')
    return json({ reactions: { ...post.reactions, like: 1 }, myReactions: ['like'] });
  return json({ success: false, error: { code: 'NOT_FOUND', message: 'No route', statusCode: 404 } }, 404);
});

const reactionCalls = () => fetchMock.mock.calls.filter(([input]) => String(input).includes('/reactions/'));

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  goOnline();
});

afterEach(async () => {
  fetchMock.mockClear();
  await resetOfflineLayer();
});

describe('reacting offline', () => {
  it('queues the reaction quietly and sends it once, with its key, when the connection returns', async () => {
    const user = userEvent.setup();
    const member = signInForTest('member-tier-1');
    // As start-up does: the queue replays only the signed-in member's own writes.
    setQueueOwnerResolver(() => member.id);
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ReactionBar post={post} userId={member.id} />
      </QueryClientProvider>,
    );
    act(() => connectivity.simulateOffline(true));

    await user.click(screen.getByRole('button', { name: 'Like, 0' }));
    await waitFor(() => expect(offlineQueue.getSnapshot()).toHaveLength(1));
    const [queued] = offlineQueue.getSnapshot();
    expect(queued).toMatchObject({
      type: 'community-reaction',
      method: 'PUT',
      url: '/api/community/posts/post-1/reactions/like',
      priority: 'medium',
      ownerId: member.id,
    });
    expect(reactionCalls()).toEqual([]);
    // A reaction is too small to announce "Saved for Later".
    expect(toastStore.getSnapshot().map((toast) => toast.title)).not.toContain('Saved for Later');
    // Tapped offline, it shows at once: pressed and counted (issue 44.6).
    await waitFor(() => expect(screen.getByRole('button', { name: 'Like, 1' })).toBeEnabled());
    expect(screen.getByRole('button', { name: 'Like, 1' })).toHaveAttribute('aria-pressed', 'true');

    act(() => connectivity.simulateOffline(false));
    await waitFor(() => expect(offlineQueue.getSnapshot()).toEqual([]));
    expect(reactionCalls()).toHaveLength(1);
    const [, init] = reactionCalls()[0]!;
    expect(init?.method).toBe('PUT');
    expect(new Headers(init?.headers).get('idempotency-key')).toBe(queued?.idempotencyKey);

    // Another run (the next probe, another tab's broadcast) finds nothing left to send.
    await act(async () => {
      await offlineQueue.process();
    });
    expect(reactionCalls()).toHaveLength(1);
  });
});
