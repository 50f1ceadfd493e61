import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderWithScreenReader } from '../../test/screenReader.tsx';
import { signInForTest } from '../auth/testing.ts';
import { freshChatTab, resetChatTab } from './chatScreen.testing.ts';
import { apiError, fakeApi, json, quota } from './testing.ts';

/**
 * The chat's conversation list that cannot be loaded, as a screen reader hears it (issue 44.22, decision
 * 0121): the failure is said once and assertively, as the error it is.
 */

beforeEach(freshChatTab);
afterEach(resetChatTab);

describe('the conversation list that cannot load, with a screen reader', () => {
  it('says the failure once, assertively, when the list is opened', async () => {
    signInForTest();
    fakeApi({
      'GET /api/chat/quota': () => json(quota(5)),
      'GET /api/chat/conversations': () => apiError(500, 'Server error occurred. Please try again later.'),
    });
    const reader = await renderWithScreenReader('/chat');
    await reader.moveTo('heading, Chat with Vale, level 1');
    await reader.moveTo('button, Conversations, has popup dialog');
    await reader.press();
    await reader.heard(/Server error/);
    await new Promise((resolve) => setTimeout(resolve, 300));
    // The server's own words (chatErrorMessage).
    expect(await reader.announcements()).toEqual([
      'assertive: Server error occurred. Please try again later.',
    ]);
  });
});
