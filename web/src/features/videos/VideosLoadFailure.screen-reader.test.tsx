import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { heardOn, serveFailing } from '../../test/failingServer.ts';
import { resetAuthForTest, signInForTest } from '../auth/testing.ts';

/**
 * Videos that cannot be loaded, as a screen reader hears it (issue 44.22, decision 0121): each failure is
 * said once and assertively, as the error it is, and nothing is said twice.
 */

beforeEach(() => {
  signInForTest();
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetAuthForTest();
});

describe('videos that cannot be loaded, with a screen reader', () => {
  it('says a video that cannot be loaded once, assertively', async () => {
    serveFailing();
    const failure = 'assertive: This video could not be loaded. Try again in a moment.';
    expect(await heardOn('/videos/v-1', [failure])).toEqual([failure]);
  });

  it('says a video that is not there once, assertively', async () => {
    serveFailing({ status: 404 });
    const failure = 'assertive: This video is not available any more.';
    expect(await heardOn('/videos/v-1', [failure])).toEqual([failure]);
  });

  it('says shorts that cannot be loaded once, assertively', async () => {
    serveFailing();
    const failure = 'assertive: Shorts could not be loaded. Try again in a moment.';
    expect(await heardOn('/shorts', [failure])).toEqual([failure]);
  });

  it("says each of Home's video rows that failed once, assertively, beside Home's other failures", async () => {
    serveFailing();
    const failures = [
      'assertive: Continue watching could not be loaded. Try again in a moment.',
      'assertive: Featured videos could not be loaded. Try again in a moment.',
      'assertive: Partners could not be loaded. Try again in a moment.',
      'assertive: Shorts could not be loaded. Try again in a moment.',
      'assertive: The impact figures could not be loaded.',
    ];
    expect(await heardOn('/', failures)).toEqual(failures);
  });
});
