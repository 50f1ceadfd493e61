import 'fake-indexeddb/auto';
import type { CommunityPost } from '@uplift/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { offlineQueue } from '../../lib/offline/index.ts';
import { renderWithScreenReader } from '../../test/screenReader.tsx';
import { resetAuthForTest, signInForTest } from '../auth/testing.ts';
import { goOnline } from '../../test/offlineLayer.ts';

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function post(id: string, body: string): CommunityPost {
  return {
    id,
    topicId: 'wins',
    body,
    author: { id: 'user-member-tier-1', name: 'Test member-tier-1', avatarUrl: null },
    createdAt: '2030-03-03T10:00:00.000Z',
    editedAt: null,
    pinned: false,
    hidden: false,
    deleted: false,
    commentCount: 0,
    reactions: { like: 0, celebrate: 0, insightful: 0, support: 0 },
    myReactions: [],
    mine: true,
    image: null,
  };
}

/** The server: one topic, a feed that holds what was posted, and a live stream that stays quiet. */
function serveCommunity() {
  const feed: CommunityPost[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const { pathname } = new URL(String(input), 'http://localhost');
      if (pathname === '/api/events')
        return new Response(new ReadableStream(), { headers: { 'content-type': 'text/event-stream' } });
      if (pathname === '/api/community/topics')
        return json({ items: [{ id: 'wins', name: 'Wins', description: 'Good news' }] });
      if (pathname === '/api/community/posts' && init?.method === 'POST') {
        const sent = JSON.parse(String(init.body)) as { id: string; body: string };
        feed.unshift(post(sent.id, sent.body));
        return json(feed[0], 201);
      }
      if (pathname === '/api/community/posts') return json({ pinned: [], items: feed, nextCursor: null });
      return json({ items: [] });
    }),
  );
}

beforeEach(() => {
  signInForTest('member-tier-1');
  goOnline();
});
afterEach(async () => {
  vi.unstubAllGlobals();
  resetAuthForTest();
  await offlineQueue.clear({ notify: false });
  localStorage.clear();
});

describe('writing a post with a screen reader', () => {
  it('writes in the labelled box, hears "Posted" once and politely, stays in the box and finds the post', async () => {
    serveCommunity();
    const reader = await renderWithScreenReader('/community');
    await reader.moveTo('form, New post');
    await reader.moveTo(/^textbox, Your post/);
    await reader.type('Hired this week!');
    await reader.moveTo('button, Post');
    await reader.press();

    await reader.heard(/Posted/);
    // Post is disabled once the box is empty: the reader is back in the box, not on a dead button.
    expect(await reader.reading()).toMatch(/^textbox, Your post/);
    await reader.moveTo('heading, Posts, level 2');
    await reader.moveTo('Hired this week!');
    expect(await reader.announcements()).toEqual(['polite: Success: Posted Your post is in the feed.']);
  });
});
