import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { CommunityComment, CommunityThread } from '@uplift/contracts';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectivity, offlineQueue } from '../../lib/offline/index.ts';
import { resetAuthForTest, signInForTest } from '../auth/testing.ts';
import { communityKeys, queueTypes } from './api/keys.ts';
import PostThreadPage from './PostThreadPage.tsx';

vi.mock('../../lib/native/platform.ts', () => ({ isNativePlatform: () => false }));

const postId = '5f0c2c3e-1d6b-4f3e-9a51-0c1f9d1e2a01';
const landedId = '5f0c2c3e-1d6b-4f3e-9a51-0c1f9d1e2a02';
const waitingId = '5f0c2c3e-1d6b-4f3e-9a51-0c1f9d1e2a03';

function comment(id: string, body: string, authorId: string): CommunityComment {
  return {
    id,
    postId,
    parentId: null,
    body,
    author: { id: authorId, name: 'Ada Obi', avatarUrl: null },
    createdAt: '2030-03-02T10:05:00Z',
    editedAt: null,
    hidden: false,
    deleted: false,
    mine: true,
  };
}

beforeEach(() => {
  // Offline: nothing is sent while the test arranges the queue and the thread.
  connectivity.store.setState({ networkUp: false, reachable: false, simulated: false, online: false });
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(null, { status: 503 })),
  );
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await offlineQueue.clear({ notify: false });
  resetAuthForTest();
});

describe('a comment written offline, on its thread', () => {
  it('shows once: its pending copy gives way to the landed one in the same render, by its id', async () => {
    const member = signInForTest('member-tier-1');
    const queue = (id: string, body: string) =>
      offlineQueue.enqueue(
        {
          type: queueTypes.comment,
          url: `/api/community/posts/${postId}/comments`,
          method: 'POST',
          data: { id, body },
          description: `Comment: ${body}`,
          idempotencyKey: crypto.randomUUID(),
          ownerId: member.id,
        },
        { notify: false },
      );
    await queue(landedId, 'Landed while the answer was on its way');
    await queue(waitingId, 'Still waiting for a signal');

    const queryClient = new QueryClient({
      defaultOptions: { queries: { retry: false, staleTime: Infinity } },
    });
    // The thread as a live event's refetch brings it: the first comment is on the server, its queue item not
    // yet removed (the answer has not reached the queue).
    const thread: CommunityThread = {
      post: {
        id: postId,
        topicId: 'wins',
        body: 'Got the job',
        author: { id: member.id, name: 'Ada Obi', avatarUrl: null },
        createdAt: '2030-03-02T10:00:00Z',
        editedAt: null,
        pinned: false,
        hidden: false,
        deleted: false,
        commentCount: 1,
        reactions: { like: 0, celebrate: 0, insightful: 0, support: 0 },
        myReactions: [],
        mine: true,
        image: null,
      },
      comments: [comment(landedId, 'Landed while the answer was on its way', member.id)],
    };
    queryClient.setQueryData(communityKeys.thread(postId), thread);

    await act(async () => {
      render(
        <QueryClientProvider client={queryClient}>
          <MemoryRouter initialEntries={[`/community/posts/${postId}`]}>
            <Routes>
              <Route path="/community/posts/:id" element={<PostThreadPage />} />
            </Routes>
          </MemoryRouter>
        </QueryClientProvider>,
      );
    });

    expect(await screen.findAllByText('Landed while the answer was on its way')).toHaveLength(1);
    expect(screen.getAllByText('Still waiting for a signal')).toHaveLength(1);
    expect(screen.getAllByText('Pending', { exact: true })).toHaveLength(1);
  });
});
