import type { CommunityThread } from '@uplift/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithScreenReader } from '../../test/screenReader.tsx';
import { resetAuthForTest, signInForTest } from '../auth/testing.ts';

/**
 * A community page whose data cannot be loaded, as a screen reader hears it (issue 44.22, decision 0121):
 * each failure is said once and assertively, as the error it is, and nothing is said twice.
 */

const serverError = 'Server error occurred. Please try again later.';

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

/**
 * The server: the live stream stays quiet, the paths in `answers` are answered, and every other call fails
 * with the contract's error.
 */
function serveFailingCommunity(answers: Record<string, unknown> = {}) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const { pathname } = new URL(String(input), 'http://localhost');
      if (pathname === '/api/events')
        return new Response(new ReadableStream(), { headers: { 'content-type': 'text/event-stream' } });
      if (pathname in answers)
        return new Response(JSON.stringify(answers[pathname]), {
          headers: { 'content-type': 'application/json' },
        });
      const body = { success: false, error: { code: 'API_ERROR', message: serverError, statusCode: 500 } };
      return new Response(JSON.stringify(body), {
        status: 500,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
}

beforeEach(() => {
  signInForTest();
  serveFailingCommunity();
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetAuthForTest();
});

/** Opens the page, waits until its failure was said and a moment more for any second saying. */
async function heardOn(path: string, failure: RegExp): Promise<string[]> {
  const reader = await renderWithScreenReader(path);
  await reader.moveTo(/^heading, .*, level 1$/);
  await reader.heard(failure);
  await new Promise((resolve) => setTimeout(resolve, 300));
  return reader.announcements();
}

describe('a community page that cannot load its data, with a screen reader', () => {
  it.each([
    ['/community', 'The feed could not be loaded. Try again in a moment.'],
    ['/community?view=members', 'Members could not be loaded. Try again in a moment.'],
    ['/community/posts/p-1', 'This post could not be found. It may have been removed.'],
  ])('says %s failing once, assertively', async (path, failure) => {
    expect(await heardOn(path, /could not be/)).toEqual([`assertive: ${failure}`]);
  });

  it("says a post's earlier versions failing once, assertively, when they are opened", async () => {
    serveFailingCommunity({ '/api/community/posts/p-1': editedThread });
    const reader = await renderWithScreenReader('/community/posts/p-1');
    await reader.moveTo('button, Edited · earlier versions, not expanded');
    await reader.press();
    await reader.heard(/earlier versions could not/);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await reader.announcements()).toEqual(['assertive: The earlier versions could not be loaded.']);
  });
});
