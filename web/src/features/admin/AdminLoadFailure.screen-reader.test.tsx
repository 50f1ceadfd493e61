import type { MemberStory } from '@uplift/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { heardOn, serveFailing, serverError } from '../../test/failingServer.ts';
import { resetAuthForTest, signInForTest } from '../auth/testing.ts';

/**
 * An admin page whose data cannot be loaded, as a screen reader hears it (issue 44.22, decision 0121):
 * each failure is said once and assertively, as the error it is, and nothing is said twice.
 */

const noItems = { items: [], total: 0, page: 1, pageSize: 10 };

/** A member whose story loads (with nothing in it yet), so only their history can fail. */
const story: MemberStory = {
  user: {
    id: 'u-1',
    email: 'ada@example.test',
    displayName: 'Ada Lovelace',
    role: 'member-tier-1',
    status: 'active',
    suspendedAt: null,
    emailVerifiedAt: null,
    joinedAt: '2026-01-02T10:00:00.000Z',
    lastActiveAt: null,
  },
  suspendedReason: null,
  roleHistory: [],
  sessions: noItems,
  posts: noItems,
  comments: noItems,
  assessments: noItems,
  'partner-requests': noItems,
  notifications: noItems,
};

beforeEach(() => {
  signInForTest('admin');
  serveFailing();
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetAuthForTest();
});

describe('an admin page that cannot load its data, with a screen reader', () => {
  it('says each section that failed once, assertively (notifications: history and undelivered email)', async () => {
    expect(await heardOn('/admin/notifications', [/Undelivered email/])).toEqual([
      'assertive: The history could not be loaded.',
      'assertive: Undelivered email could not be loaded.',
      'polite: The number of members this reaches could not be counted.',
    ]);
  });

  it('says the moderation queue and the reported conversations once each, assertively', async () => {
    expect(await heardOn('/admin/moderation', [/Reported conversations/])).toEqual([
      'assertive: Reported conversations could not be loaded.',
      'assertive: The queue could not be loaded.',
    ]);
  });

  it('says the partners and their requests once each, assertively', async () => {
    expect(await heardOn('/admin/partners', [/Requests could not/])).toEqual([
      'assertive: Requests could not be loaded. Try again in a moment.',
      `assertive: The partners could not be loaded. ${serverError}`,
    ]);
  });

  it('says the videos failing once, assertively', async () => {
    expect(await heardOn('/admin/videos', [/videos could not/])).toEqual([
      `assertive: The videos could not be loaded. ${serverError}`,
    ]);
  });

  it('says a member that cannot be loaded once, assertively', async () => {
    expect(await heardOn('/admin/users/u-1', [/Server error/])).toEqual([`assertive: ${serverError}`]);
  });

  it('says the members list failing once, assertively', async () => {
    expect(await heardOn('/admin/users', [/members could not/])).toEqual([
      'assertive: The members could not be loaded.',
    ]);
  });

  it.each([
    ['/admin', 'The portal could not be loaded. Try again.'],
    ['/admin/dashboard', 'The dashboard could not be loaded. Try again.'],
    ['/admin/audit', `The audit log could not be loaded: ${serverError}`],
  ])('says %s failing once, assertively', async (path, failure) => {
    expect(await heardOn(path, [/could not be loaded/])).toEqual([`assertive: ${failure}`]);
  });

  it("says a member's history (what admins did) failing once, assertively", async () => {
    serveFailing({ answers: { '/api/admin/users/u-1': story } });
    expect(await heardOn('/admin/users/u-1', [/Server error/])).toEqual([`assertive: ${serverError}`]);
  });
});
