import type { CommunityThread } from '@uplift/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from '@testing-library/react';
import { connectivity } from '../../lib/offline/index.ts';
import { heardOn, serveFailing } from '../../test/failingServer.ts';
import { renderWithScreenReader } from '../../test/screenReader.tsx';
import { resetAuthForTest, signInForTest } from '../auth/testing.ts';

/**
 * A community page whose data cannot be loaded, as a screen reader hears it (issue 44.22, decision 0121):
 * each failure is said once and assertively, as the error it is, and nothing is said twice.
 */

/** A post its author has edited: its earlier versions are behind "Edited · earlier versions". */
const editedThread: CommunityThread = {
  post: {
    id: 'p-1',
    topicId: 'wins',
    body: 'Got the job',
    author: { id: 'user-member-tier-1', name: 'Test member-tier-1', avatarUrl: null },
    createdAt: '2030-03-02T10:00:00Z',
    editedAt: '2030-03-02T10:30:00Z',
    pinned: false,
    hidden: false,
    deleted: false,
    commentCount: 0,
    reactions: { like: 0, celebrate: 0, insightful: 0, support: 0 },
    myReactions: [],
    mine: true,
    image: null,
  },
  comments: [],
};

beforeEach(() => {
  signInForTest();
  serveFailing();
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetAuthForTest();
});

describe('a community page that cannot load its data, with a screen reader', () => {
  it.each([
    ['/community', 'The feed could not be loaded. Try again in a moment.'],
    ['/community?view=members', 'Members could not be loaded. Try again in a moment.'],
    ['/community/posts/p-1', 'This post could not be found. It may have been removed.'],
    ['/community?view=saved', 'Your saved posts could not be loaded. Try again in a moment.'],
  ])('says %s failing once, assertively', async (path, failure) => {
    expect(await heardOn(path, [/could not be/])).toEqual([`assertive: ${failure}`]);
  });

  it("says a post's earlier versions failing once, assertively, when they are opened", async () => {
    serveFailing({ answers: { '/api/community/posts/p-1': editedThread } });
    const reader = await renderWithScreenReader('/community/posts/p-1');
    await reader.moveTo('button, Edited · earlier versions, not expanded');
    await reader.press();
    await reader.heard(/earlier versions could not/);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await reader.announcements()).toEqual(['assertive: The earlier versions could not be loaded.']);
  });

  it('says only that the saved posts need a connection when offline, and no failure', async () => {
    act(() => connectivity.store.setState({ networkUp: false, online: false }));
    try {
      const reader = await renderWithScreenReader('/community?view=saved');
      await reader.moveTo('Your saved posts load once you are back online.');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await reader.announcements()).filter((said) => said.startsWith('assertive'))).toEqual([]);
    } finally {
      act(() => connectivity.store.setState({ networkUp: true, reachable: true, online: true }));
    }
  });
});
