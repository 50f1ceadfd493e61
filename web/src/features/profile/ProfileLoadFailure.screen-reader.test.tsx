import type { Profile } from '@uplift/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithScreenReader } from '../../test/screenReader.tsx';
import { resetAuthForTest, signInForTest } from '../auth/testing.ts';

/**
 * A profile or the settings whose data cannot be loaded, as a screen reader hears it (issue 44.22,
 * decision 0121): each failure is said once and assertively, as the error it is, and nothing is said twice.
 */

const serverError = 'Server error occurred. Please try again later.';

function profile(userId: string, isOwn: boolean): Profile {
  return {
    userId,
    displayName: isOwn ? 'Test member-tier-1' : 'Ada Obi',
    email: null,
    headline: null,
    bio: null,
    industry: null,
    location: { city: null, region: null, country: null, latitude: null, longitude: null },
    skills: [],
    tags: [],
    links: [],
    privacy: 'members',
    photo: null,
    memberSince: '2030-01-01T00:00:00.000Z',
    isOwn,
  };
}

/**
 * The server: the live stream stays quiet, the paths in `answers` are answered, and every other call fails
 * with the contract's error.
 */
function serveFailing(answers: Record<string, unknown> = {}) {
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
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetAuthForTest();
});

/**
 * Opens the page, waits until every expected failure was said and a moment more for any second saying, and
 * returns what was announced. Sections failing together may be said in any order: the list comes sorted.
 */
async function heardOn(path: string, expected: string[]): Promise<string[]> {
  const reader = await renderWithScreenReader(path);
  await reader.moveTo(/^heading, .*, level 1$/);
  for (const failure of expected) await reader.heard(failure);
  await new Promise((resolve) => setTimeout(resolve, 300));
  return (await reader.announcements()).toSorted();
}

describe('a profile or the settings that cannot load, with a screen reader', () => {
  it('says a profile that cannot be loaded once, assertively', async () => {
    serveFailing();
    const failure = 'assertive: The profile could not be loaded. Check your connection and try again.';
    expect(await heardOn('/profile/member-2', [failure])).toEqual([failure]);
  });

  it("says another member's activity failing once, assertively", async () => {
    serveFailing({ '/api/profile/member-2': profile('member-2', false) });
    const failure = 'assertive: The activity could not be loaded.';
    expect(await heardOn('/profile/member-2', [failure])).toEqual([failure]);
  });

  it('says each section of the own profile that failed once, assertively', async () => {
    serveFailing({ '/api/profile/user-member-tier-1': profile('user-member-tier-1', true) });
    const failures = [
      'assertive: Skills could not be loaded.',
      'assertive: The activity could not be loaded.',
      'assertive: The impact figures could not be loaded.',
      'assertive: Your requests could not be loaded. Try again in a moment.',
    ];
    expect(await heardOn('/profile/user-member-tier-1', failures)).toEqual(failures);
  });

  it('says each settings section that failed once, assertively', async () => {
    serveFailing();
    // A browser with WebAuthn, so the passkeys section is there too.
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    const failures = [
      'assertive: The devices could not be loaded.',
      'assertive: Your passkeys could not be loaded.',
      'assertive: Your settings could not be loaded.',
    ];
    expect(await heardOn('/profile-client', failures)).toEqual(failures);
  });
});
