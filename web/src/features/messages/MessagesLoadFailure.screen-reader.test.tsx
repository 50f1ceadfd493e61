import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messagesChangedEvent, type DirectConversation } from '@uplift/contracts';
import { heardOn, serveFailing } from '../../test/failingServer.ts';
import { renderWithScreenReader } from '../../test/screenReader.tsx';
import { resetAuthForTest, signInForTest } from '../auth/testing.ts';

/**
 * Messages that cannot be loaded, as a screen reader hears it (issue 44.22, decision 0121): each failure is
 * said once and assertively, as the error it is, and nothing is said twice.
 */

const conversation: DirectConversation = {
  id: 'c1',
  member: { id: 'member-2', displayName: 'Ben Okafor', avatarUrl: null },
  messages: [
    {
      id: 'm1',
      conversationId: 'c1',
      body: 'Coffee on Friday?',
      mine: true,
      createdAt: '2030-03-03T10:00:00.000Z',
    },
  ],
  seenMessageId: null,
  cannotMessage: null,
  blockedByMe: false,
  reported: false,
};

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

  it('says a conversation that fails to refresh once, assertively, and keeps it in view', async () => {
    const answers: Record<string, unknown> = { '/api/messages/with/member-2': conversation };
    const server = serveFailing({ answers });
    const reader = await renderWithScreenReader('/messages/member-2');
    await reader.moveTo('heading, Ben Okafor, level 1');

    delete answers['/api/messages/with/member-2'];
    server.publish(messagesChangedEvent, { with: 'member-2' });
    const failure = 'assertive: The conversation could not be loaded. Check your connection and try again.';
    await reader.heard(failure);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await reader.announcements()).toEqual([failure]);
    await reader.moveTo(/Coffee on Friday\?/);
  });
});
