import type { SkillResults } from '@uplift/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { heardOn, serveFailing } from '../../test/failingServer.ts';
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
});
