import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { heardOn, serveFailing } from '../../test/failingServer.ts';
import { resetAuthForTest, signInForTest } from '../auth/testing.ts';

/**
 * Partners that cannot be loaded, as a screen reader hears it (issue 44.22, decision 0121): each failure is
 * said once and assertively, as the error it is, and nothing is said twice.
 */

beforeEach(() => {
  signInForTest();
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetAuthForTest();
});

describe('partners that cannot be loaded, with a screen reader', () => {
  it('says the directory failing once, assertively', async () => {
    serveFailing();
    const failure = 'assertive: Partners could not be loaded. Try again in a moment.';
    expect(await heardOn('/partners', [failure])).toEqual([failure]);
  });

  it('says a partner that cannot be loaded once, assertively', async () => {
    serveFailing();
    const failure = 'assertive: This partner could not be loaded. Try again in a moment.';
    expect(await heardOn('/partners/p-1', [failure])).toEqual([failure]);
  });

  it('says a partner that is not there once, assertively', async () => {
    serveFailing({ status: 404 });
    const failure = 'assertive: This partner is not in the directory any more.';
    expect(await heardOn('/partners/p-1', [failure])).toEqual([failure]);
  });
});
