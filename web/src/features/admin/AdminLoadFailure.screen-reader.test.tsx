import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithScreenReader } from '../../test/screenReader.tsx';
import { resetAuthForTest, signInForTest } from '../auth/testing.ts';

/**
 * An admin page whose data cannot be loaded, as a screen reader hears it (issue 44.22, decision 0121):
 * each failure is said once and assertively, as the error it is, and nothing is said twice.
 */

const serverError = 'Server error occurred. Please try again later.';

/** The server: the live stream stays quiet, and every admin call fails with the contract's error. */
function serveFailingAdmin() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const { pathname } = new URL(String(input), 'http://localhost');
      if (pathname === '/api/events')
        return new Response(new ReadableStream(), { headers: { 'content-type': 'text/event-stream' } });
      const body = { success: false, error: { code: 'API_ERROR', message: serverError, statusCode: 500 } };
      return new Response(JSON.stringify(body), {
        status: 500,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
}

beforeEach(() => {
  signInForTest('admin');
  serveFailingAdmin();
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

describe('an admin page that cannot load its data, with a screen reader', () => {
  it('says each section that failed once, assertively (notifications: history and undelivered email)', async () => {
    expect(await heardOn('/admin/notifications', /Undelivered email/)).toEqual([
      'polite: The number of members this reaches could not be counted.',
      'assertive: The history could not be loaded.',
      'assertive: Undelivered email could not be loaded.',
    ]);
  });

  it('says the moderation queue and the reported conversations once each, assertively', async () => {
    expect(await heardOn('/admin/moderation', /Reported conversations/)).toEqual([
      'assertive: The queue could not be loaded.',
      'assertive: Reported conversations could not be loaded.',
    ]);
  });

  it('says the partners and their requests once each, assertively', async () => {
    expect((await heardOn('/admin/partners', /Requests could not/)).toSorted()).toEqual([
      'assertive: Requests could not be loaded. Try again in a moment.',
      `assertive: The partners could not be loaded. ${serverError}`,
    ]);
  });

  it('says the videos failing once, assertively', async () => {
    expect(await heardOn('/admin/videos', /videos could not/)).toEqual([
      `assertive: The videos could not be loaded. ${serverError}`,
    ]);
  });

  it('says a member that cannot be loaded once, assertively', async () => {
    expect(await heardOn('/admin/users/u-1', /Server error/)).toEqual([`assertive: ${serverError}`]);
  });

  it('says the members list failing once, assertively', async () => {
    expect(await heardOn('/admin/users', /members could not/)).toEqual([
      'assertive: The members could not be loaded.',
    ]);
  });

  it.each([
    ['/admin', 'The portal could not be loaded. Try again.'],
    ['/admin/dashboard', 'The dashboard could not be loaded. Try again.'],
    ['/admin/audit', `The audit log could not be loaded: ${serverError}`],
  ])('says %s failing once, assertively', async (path, failure) => {
    expect(await heardOn(path, /could not be loaded/)).toEqual([`assertive: ${failure}`]);
  });
});
