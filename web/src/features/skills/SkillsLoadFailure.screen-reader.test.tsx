import type { SkillResults } from '@uplift/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { heardOn, serveFailing } from '../../test/failingServer.ts';
import { renderWithScreenReader } from '../../test/screenReader.tsx';
import { resetAuthForTest, signInForTest } from '../auth/testing.ts';

/**
 * A skills page whose data cannot be loaded, as a screen reader hears it (issue 44.22, decision 0121):
 * each failure is said once and assertively, as the error it is, and nothing is said twice.
 */

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

beforeEach(() => {
  signInForTest();
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetAuthForTest();
});

describe('a skills page that cannot load its data, with a screen reader', () => {
  it('says a knowledge point that cannot be loaded once, assertively', async () => {
    serveFailing({ answers: { '/api/skills/results': results(false) } });
    expect(await heardOn('/skills?knowledge=mean', [/knowledge point/])).toEqual([
      'assertive: This knowledge point could not be loaded.',
    ]);
  });

  it('says results that cannot be loaded once, assertively', async () => {
    serveFailing({ answers: { '/api/skills/results': results(false) } });
    expect(await heardOn(`/skills?attempt=${attemptId}`, [/results could not/])).toEqual([
      'assertive: Your results could not be loaded.',
    ]);
  });

  it('says an assessment in progress that cannot be loaded once, assertively', async () => {
    serveFailing({ answers: { '/api/skills/results': results(true) } });
    expect(await heardOn('/skills', [/assessment could not/])).toEqual([
      'assertive: Your assessment could not be loaded. Please try again.',
    ]);
  });

  it('says the results that cannot be loaded once, assertively, and offers to try again', async () => {
    serveFailing();
    const failure = 'assertive: Your results could not be loaded.';
    const reader = await renderWithScreenReader('/skills');
    await reader.moveTo(/^heading, .*, level 1$/);
    await reader.heard(failure);
    await reader.moveTo('button, Try again');
    expect(await reader.announcements()).toEqual([failure]);

    serveFailing({ answers: { '/api/skills/results': results(false) } });
    await reader.press();
    await reader.moveTo(/Choose the skills to assess/);
  });

  it('says the skills report that cannot be loaded once, assertively, and offers to try again', async () => {
    serveFailing();
    const failure = 'assertive: Your skills report could not be loaded.';
    const reader = await renderWithScreenReader('/skills-client');
    await reader.moveTo(/^heading, .*, level 1$/);
    await reader.heard(failure);
    await reader.moveTo('button, Try again');
    expect(await reader.announcements()).toEqual([failure]);

    serveFailing({ answers: { '/api/skills/results': results(false) } });
    await reader.press();
    await reader.moveTo(/No results yet/);
  });

  it.each([
    [
      404,
      'This result is not shared. The link is wrong, or the member who shared it has stopped sharing it.',
    ],
    [500, 'The shared result could not be loaded. Please check your connection and try again.'],
  ] as const)('says a shared result that cannot be shown (%i) once, assertively', async (status, words) => {
    serveFailing({ status });
    expect(await heardOn('/skills/shared/Zx3_aQ9-kLm2Pq7RsT4uVw', [/shared/])).toEqual([
      `assertive: ${words}`,
    ]);
  });
});
