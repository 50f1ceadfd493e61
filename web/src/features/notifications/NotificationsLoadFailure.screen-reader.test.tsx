import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { heardOn, serveFailing } from '../../test/failingServer.ts';
import { resetAuthForTest, signInForTest } from '../auth/testing.ts';

/**
 * The notification centre that cannot load, as a screen reader hears it (issue 44.22, decision 0121): each failure is
 * said once and assertively, as the error it is, and nothing is said twice.
 */

beforeEach(() => {
  signInForTest();
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetAuthForTest();
});

describe('the notification centre that cannot load, with a screen reader', () => {
  it('says the failure once, assertively', async () => {
    serveFailing();
    const failure = 'assertive: Your notifications could not be loaded.';
    expect(await heardOn('/notifications', [failure])).toEqual([failure]);
  });
});
