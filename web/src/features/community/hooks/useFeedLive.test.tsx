import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { communityEvents, type CommunityPost, type LiveEvent } from '@uplift/contracts';
import { act, render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useFeedLive } from './useFeedLive.ts';

// The live connection's boundary: the test delivers events to the handlers the hook registers.
const handlers = new Map<string, (event: LiveEvent) => void>();
vi.mock('../../../lib/live/index.ts', () => ({
  useLiveEvent: (type: string, handler: (event: LiveEvent) => void) => handlers.set(type, handler),
}));

const deliver = (type: string, data: Record<string, unknown>) =>
  act(() => {
    handlers.get(type)?.({ id: '1', type, data } as LiveEvent);
  });

const post = (id: string) => ({ id }) as CommunityPost;

type FeedLive = ReturnType<typeof useFeedLive>;

/** The hook inside the query client it needs; `result.current` is its latest return. */
function renderFeedLive() {
  const result = { current: undefined as unknown as FeedLive };
  function Probe() {
    result.current = useFeedLive();
    return null;
  }
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Probe />
    </QueryClientProvider>,
  );
  return { result };
}

describe('the live feed', () => {
  it('keeps a new post behind "N new posts" even when the feed is fetched again with it, until revealed', () => {
    const { result } = renderFeedLive();
    deliver(communityEvents.postCreated, { postId: 'new' });
    expect(result.current.newCount).toBe(1);
    // Someone edits another post: the feed comes back from the server with the new post on top.
    deliver(communityEvents.postChanged, { postId: 'read' });
    expect(result.current.withoutWaiting([post('new'), post('read')])).toEqual([post('read')]);

    act(() => result.current.reveal());
    expect(result.current.newCount).toBe(0);
    expect(result.current.withoutWaiting([post('new'), post('read')])).toHaveLength(2);
  });

  it("never holds back the member's own post", () => {
    const { result } = renderFeedLive();
    act(() => result.current.markMine('mine'));
    deliver(communityEvents.postCreated, { postId: 'mine' });
    expect(result.current.newCount).toBe(0);
    expect(result.current.withoutWaiting([post('mine')])).toEqual([post('mine')]);
  });
});
