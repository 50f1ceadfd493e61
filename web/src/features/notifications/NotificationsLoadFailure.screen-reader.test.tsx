import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithScreenReader } from '../../test/screenReader.tsx';
import { resetAuthForTest, signInForTest } from '../auth/testing.ts';

/**
 * The notification centre that cannot load, as a screen reader hears it (issue 44.22, decision 0121): each failure is
 * said once and assertively, as the error it is, and nothing is said twice.
 */

const serverError = 'Server error occurred. Please try again later.';

/** The server: the live stream stays quiet, and every call fails with `status` and the contract's error. */
function serveFailing(status = 500) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const { pathname } = new URL(String(input), 'http://localhost');
      if (pathname === '/api/events')
        return new Response(new ReadableStream(), { headers: { 'content-type': 'text/event-stream' } });
      const code = status === 404 ? 'NOT_FOUND' : 'API_ERROR';
      const body = { success: false, error: { code, message: serverError, statusCode: status } };
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
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

describe('the notification centre that cannot load, with a screen reader', () => {
  it('says the failure once, assertively', async () => {
    serveFailing();
    const failure = 'assertive: Your notifications could not be loaded.';
    expect(await heardOn('/notifications', [failure])).toEqual([failure]);
  });
});
