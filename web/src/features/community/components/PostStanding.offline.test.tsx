import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectivity, offlineQueue } from '../../../lib/offline/index.ts';
import { setQueueOwnerResolver } from '../../../lib/offline/runtime.ts';
import { signInForTest } from '../../auth/testing.ts';
import { PostStanding } from './PostStanding.tsx';
import { goOnline, resetOfflineLayer } from '../../../test/offlineLayer.ts';

// The browser build: connectivity follows the web view, not the shells' network plugin.
vi.mock('../../../lib/native/platform.ts', () => ({ isNativePlatform: () => false }));

const postId = '5d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** The server: the status probe, the member's standing with the post, and saving it. */
const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const { pathname } = new URL(String(input), 'http://localhost');
  if (pathname === '/api/status')
    return json({ status: 'ok', time: new Date().toISOString(), build: 'test' });
  if (pathname === `/api/community/posts/${postId}/standing`)
    return json({ following: true, bookmarked: false, lastReadAt: null });
  if (init?.method === 'PUT' && pathname === `/api/community/posts/${postId}/bookmark`)
    return json({ bookmarked: true });
  return json({ success: false, error: { code: 'NOT_FOUND', message: 'No route', statusCode: 404 } }, 404);
});

const saveCalls = () => fetchMock.mock.calls.filter(([input]) => String(input).endsWith('/bookmark'));

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  goOnline();
});

afterEach(async () => {
  fetchMock.mockClear();
  await resetOfflineLayer();
});

describe('saving a post offline', () => {
  it('shows it saved at once, queues it, and sends it once with its key when the connection returns', async () => {
    const user = userEvent.setup();
    const member = signInForTest('member-tier-1');
    setQueueOwnerResolver(() => member.id);
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <PostStanding postId={postId} userId={member.id} />
      </QueryClientProvider>,
    );
    // The author follows their post: the thread offers to unfollow it.
    await screen.findByRole('button', { name: 'Unfollow post' });
    act(() => connectivity.simulateOffline(true));

    await user.click(screen.getByRole('button', { name: 'Save post' }));
    expect(await screen.findByRole('button', { name: 'Remove from Saved' })).toBeInTheDocument();
    await waitFor(() => expect(offlineQueue.getSnapshot()).toHaveLength(1));
    const [queued] = offlineQueue.getSnapshot();
    expect(queued).toMatchObject({
      type: 'community-bookmark',
      method: 'PUT',
      url: `/api/community/posts/${postId}/bookmark`,
      ownerId: member.id,
    });
    expect(saveCalls()).toEqual([]);

    act(() => connectivity.simulateOffline(false));
    await waitFor(() => expect(offlineQueue.getSnapshot()).toEqual([]));
    expect(saveCalls()).toHaveLength(1);
    const [, init] = saveCalls()[0]!;
    expect(new Headers(init?.headers).get('idempotency-key')).toBe(queued?.idempotencyKey);
  });
});
