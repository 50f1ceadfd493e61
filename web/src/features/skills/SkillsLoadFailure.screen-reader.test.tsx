import type { SkillResults } from '@uplift/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithScreenReader } from '../../test/screenReader.tsx';
import { resetAuthForTest, signInForTest } from '../auth/testing.ts';

/**
 * A skills page whose data cannot be loaded, as a screen reader hears it (issue 44.22, decision 0121):
 * each failure is said once and assertively, as the error it is, and nothing is said twice.
 */

const serverError = 'Server error occurred. Please try again later.';
const attemptId = '0b6f7c2e-4a1d-4c3e-9f21-5d8e7a6b1c01';

/** A member with no results yet, and an assessment in progress when `active`. */
function results(active: boolean): SkillResults {
  return {
    latest: [],
    history: [],
    activeAttemptId: active ? attemptId : null,
    detailedReport: true,
    cooldownDays: 0,
  };
}

/**
 * The server: the live stream stays quiet, the paths in `answers` are answered, and every other call fails
 * with the contract's error.
 */
function serveFailingSkills(answers: Record<string, unknown> = {}) {
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

/** Opens the page, waits until its failure was said and a moment more for any second saying. */
async function heardOn(path: string, failure: RegExp): Promise<string[]> {
  const reader = await renderWithScreenReader(path);
  await reader.moveTo(/^heading, .*, level 1$/);
  await reader.heard(failure);
  await new Promise((resolve) => setTimeout(resolve, 300));
  return reader.announcements();
}

describe('a skills page that cannot load its data, with a screen reader', () => {
  it('says a knowledge point that cannot be loaded once, assertively', async () => {
    serveFailingSkills({ '/api/skills/results': results(false) });
    expect(await heardOn('/skills?knowledge=mean', /knowledge point/)).toEqual([
      'assertive: This knowledge point could not be loaded.',
    ]);
  });

  it('says results that cannot be loaded once, assertively', async () => {
    serveFailingSkills({ '/api/skills/results': results(false) });
    expect(await heardOn(`/skills?attempt=${attemptId}`, /results could not/)).toEqual([
      'assertive: Your results could not be loaded.',
    ]);
  });

  it('says an assessment in progress that cannot be loaded once, assertively', async () => {
    serveFailingSkills({ '/api/skills/results': results(true) });
    expect(await heardOn('/skills', /assessment could not/)).toEqual([
      'assertive: Your assessment could not be loaded. Please try again.',
    ]);
  });
});
