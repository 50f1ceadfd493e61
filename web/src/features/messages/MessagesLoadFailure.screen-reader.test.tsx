import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { heardOn, serveFailing } from '../../test/failingServer.ts';
import { resetAuthForTest, signInForTest } from '../auth/testing.ts';

/**
 * Messages that cannot be loaded, as a screen reader hears it (issue 44.22, decision 0121): each failure is
 * said once and assertively, as the error it is, and nothing is said twice.
 */

beforeEach(() => {
  signInForTest();
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetAuthForTest();
});

describe('messages that cannot be loaded, with a screen reader', () => {
  it('says the conversations failing once, assertively', async () => {
    serveFailing();
    const failure = 'assertive: Your conversations could not be loaded.';
    expect(await heardOn('/messages', [failure])).toEqual([failure]);
  });

  it('says a conversation that cannot be loaded once, assertively', async () => {
    serveFailing();
    const failure = 'assertive: The conversation could not be loaded. Check your connection and try again.';
    expect(await heardOn('/messages/member-2', [failure])).toEqual([failure]);
  });

  it('says a conversation with no member once, assertively', async () => {
    serveFailing({ status: 404 });
    const failure = 'assertive: There is no member to message here.';
    expect(await heardOn('/messages/member-2', [failure])).toEqual([failure]);
  });
});
