import type { Profile } from '@uplift/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { heardOn, serveFailing } from '../../test/failingServer.ts';
import { resetAuthForTest, signInForTest } from '../auth/testing.ts';

/**
 * A profile or the settings whose data cannot be loaded, as a screen reader hears it (issue 44.22,
 * decision 0121): each failure is said once and assertively, as the error it is, and nothing is said twice.
 */

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

beforeEach(() => {
  signInForTest();
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetAuthForTest();
});

describe('a profile or the settings that cannot load, with a screen reader', () => {
  it('says a profile that cannot be loaded once, assertively', async () => {
    serveFailing();
    const failure = 'assertive: The profile could not be loaded. Check your connection and try again.';
    expect(await heardOn('/profile/member-2', [failure])).toEqual([failure]);
  });

  it("says another member's activity failing once, assertively", async () => {
    serveFailing({ answers: { '/api/profile/member-2': profile('member-2', false) } });
    const failure = 'assertive: The activity could not be loaded.';
    expect(await heardOn('/profile/member-2', [failure])).toEqual([failure]);
  });

  it('says each section of the own profile that failed once, assertively', async () => {
    serveFailing({ answers: { '/api/profile/user-member-tier-1': profile('user-member-tier-1', true) } });
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
