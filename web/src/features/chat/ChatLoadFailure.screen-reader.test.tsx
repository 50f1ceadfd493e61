import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderWithScreenReader } from '../../test/screenReader.tsx';
import { signInForTest } from '../auth/testing.ts';
import { freshChatTab, resetChatTab } from './chatScreen.testing.ts';
import { serverError } from '../../test/failingServer.ts';
import { answerEvents, apiError, eventStreamResponse, fakeApi, json, quota, sse } from './testing.ts';

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

describe('a cited source that cannot load, with a screen reader', () => {
  it('says the failure once, assertively, when the source sheet opens', async () => {
    fakeApi({
      'GET /api/chat/quota': () => json(quota(5)),
      'POST /api/chat/public': () => eventStreamResponse(sse(answerEvents('See [1]. '))),
      'GET /api/knowledge-points/kp-1': () => apiError(500, serverError, 'API_ERROR'),
    });
    const reader = await renderWithScreenReader('/chat');
    await reader.moveTo('textbox, Message Vale, placeholder Ask Vale anything…');
    await reader.type('Interview tips?');
    await reader.moveTo('button, Send');
    await reader.press();
    await reader.heard(/Vale answered/);
    await reader.moveTo('button, [1] Preparing for interviews');
    await reader.press();
    await reader.heard(/Server error/);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await reader.announcements()).toEqual(['polite: Vale answered.', `assertive: ${serverError}`]);
  });
});
