import { onlineManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectivity } from '../../lib/offline/index.ts';
import { resetAuthForTest, signInForTest } from '../auth/testing.ts';
import {
  ask,
  composer,
  conversationId,
  conversationRegion,
  freshChatTab,
  openChat,
  resetChatTab,
  setVisibility,
} from './chatScreen.testing.ts';
import {
  answerEvents,
  conversation,
  eventStreamResponse,
  fakeApi,
  json,
  liveStream,
  message,
  quota,
  sse,
} from './testing.ts';

beforeEach(freshChatTab);
afterEach(resetChatTab);

describe('/chat for a member', () => {
  beforeEach(() => {
    signInForTest('member-tier-1');
  });

  const stored = conversation(conversationId, [
    message({ id: 'u-1', role: 'user', content: 'How do I ask for a raise?' }),
    message({ id: 'm-1', role: 'assistant', content: 'Gather evidence first.', groundedOnly: true }),
  ]);

  it('reopens the most recent conversation and puts it in the address', async () => {
    fakeApi({
      'GET /api/chat/quota': () => json(quota(28, 30)),
      'GET /api/chat/conversations': () => json({ items: [stored] }),
      [`GET /api/chat/conversations/${conversationId}`]: () => json(stored),
    });
    const { router } = await openChat();
    expect(await within(await conversationRegion()).findByText('Gather evidence first.')).toBeInTheDocument();
    expect(screen.queryByText('Try our AI assistant - sign in for full access')).not.toBeInTheDocument();
    expect(await screen.findByText('28 of 30 messages left today')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(`?c=${conversationId}`));
  });

  it('opens the conversation named by ?c= and continues it; regenerates the last answer', async () => {
    const user = userEvent.setup();
    const { calls } = fakeApi({
      'GET /api/chat/quota': () => json(quota(28, 30)),
      [`GET /api/chat/conversations/${conversationId}`]: () => json(stored),
      'POST /api/chat/message': () =>
        eventStreamResponse(
          sse(
            answerEvents('Pick a good moment. ', { messageId: 'm-2', conversationId, quota: quota(27, 30) }),
          ),
        ),
      [`POST /api/chat/conversations/${conversationId}/regenerate`]: () =>
        eventStreamResponse(
          sse(
            answerEvents('Choose your timing. ', { messageId: 'm-3', conversationId, quota: quota(26, 30) }),
          ),
        ),
    });
    await openChat(`/chat?c=${conversationId}`);
    await within(await conversationRegion()).findByText('Gather evidence first.');
    expect(calls.some((call) => call.path === '/api/chat/conversations')).toBe(false);

    await ask(user, 'When?');
    expect(await within(await conversationRegion()).findByText('Pick a good moment.')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/chat/message')?.body).toEqual({
      conversationId,
      message: 'When?',
    });
    expect(await screen.findByText('27 of 30 messages left today')).toBeInTheDocument();

    // Only the last answer can be regenerated.
    expect(screen.getAllByRole('button', { name: 'Regenerate' })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Regenerate' }));
    expect(await within(await conversationRegion()).findByText('Choose your timing.')).toBeInTheDocument();
    expect(within(await conversationRegion()).queryByText('Pick a good moment.')).not.toBeInTheDocument();
    expect(within(await conversationRegion()).getByText('Gather evidence first.')).toBeInTheDocument();
    expect(screen.getByText('26 of 30 messages left today')).toBeInTheDocument();
  });

  it('stops an answer on the server and shows what was kept', async () => {
    const user = userEvent.setup();
    let stream: ReturnType<typeof liveStream> | undefined;
    const { calls } = fakeApi({
      'GET /api/chat/quota': () => json(quota(30, 30)),
      'GET /api/chat/conversations': () => json({ items: [] }),
      'POST /api/chat/message': (call) => {
        stream = liveStream(call.signal);
        return stream.response;
      },
      'POST /api/chat/messages/m-9/stop': () =>
        json(message({ id: 'm-9', role: 'assistant', content: 'Half an answer', status: 'stopped' })),
    });
    await openChat();
    await ask(user, 'Long one please');
    await waitFor(() => expect(stream).toBeDefined());
    act(() =>
      stream!.send(
        { type: 'meta', conversationId, messageId: 'm-9', citations: [], groundedOnly: false },
        { type: 'token', text: 'Half an' },
      ),
    );
    await within(await conversationRegion()).findByText('Half an');
    await user.click(screen.getByRole('button', { name: 'Stop' }));
    expect(await screen.findByText('Stopped. The answer so far is kept.')).toBeInTheDocument();
    expect(within(await conversationRegion()).getByText('Half an answer')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST' && call.path === '/api/chat/messages/m-9/stop')).toBe(
      true,
    );
  });

  it('picks up an answer that was still being written when the page came back into view', async () => {
    const inProgress = conversation(conversationId, [
      message({ id: 'u-1', role: 'user', content: 'Tell me about networking' }),
      message({ id: 'm-5', role: 'assistant', content: 'Start with', status: 'streaming' }),
    ]);
    let attempts = 0;
    fakeApi({
      'GET /api/chat/quota': () => json(quota(29, 30)),
      [`GET /api/chat/conversations/${conversationId}`]: () => json(inProgress),
      'GET /api/chat/messages/m-5/events': () => {
        attempts += 1;
        // The first try happens while the network is still gone.
        if (attempts === 1) return Promise.reject(new TypeError('Failed to fetch'));
        return eventStreamResponse(
          sse([
            { type: 'meta', conversationId, messageId: 'm-5', citations: [], groundedOnly: false },
            { type: 'token', text: 'Start with people you know.' },
            {
              type: 'done',
              messageId: 'm-5',
              content: 'Start with people you know.',
              citations: [],
              status: 'complete',
              groundedOnly: false,
              quota: quota(29, 30),
            },
          ]),
        );
      },
    });
    await openChat(`/chat?c=${conversationId}`);
    expect(
      await screen.findByText(/Connection lost\. Vale is still writing this answer/),
    ).toBeInTheDocument();
    expect(within(await conversationRegion()).getByText('Start with')).toBeInTheDocument();
    expect(attempts).toBe(1);

    setVisibility('hidden');
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(attempts).toBe(1);

    setVisibility('visible');
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(
      await within(await conversationRegion()).findByText('Start with people you know.'),
    ).toBeInTheDocument();
    expect(attempts).toBe(2);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Vale answered.'));
    expect(screen.queryByText(/Connection lost/)).not.toBeInTheDocument();
  });

  it('resumes a dropped stream when the device comes back online', async () => {
    const user = userEvent.setup();
    let stream: ReturnType<typeof liveStream> | undefined;
    fakeApi({
      'GET /api/chat/quota': () => json(quota(30, 30)),
      'GET /api/chat/conversations': () => json({ items: [] }),
      'POST /api/chat/message': (call) => {
        stream = liveStream(call.signal);
        return stream.response;
      },
      'GET /api/chat/messages/m-7/events': () =>
        eventStreamResponse(
          sse(answerEvents('Written while you were away. ', { messageId: 'm-7', conversationId })),
        ),
    });
    await openChat();
    await ask(user, 'Question');
    await waitFor(() => expect(stream).toBeDefined());
    act(() =>
      stream!.send(
        { type: 'meta', conversationId, messageId: 'm-7', citations: [], groundedOnly: false },
        { type: 'token', text: 'Written ' },
      ),
    );
    await within(await conversationRegion()).findByText('Written');
    act(() => stream!.fail());
    expect(await screen.findByText(/Connection lost/)).toBeInTheDocument();

    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(
      await within(await conversationRegion()).findByText('Written while you were away.'),
    ).toBeInTheDocument();
  });

  it('offline, lets the member write a question and sends it when the connection returns', async () => {
    const user = userEvent.setup();
    let serverReachable = false;
    const unreachable = () => Promise.reject(new TypeError('Failed to fetch'));
    const { calls } = fakeApi({
      'GET /api/chat/quota': () => (serverReachable ? json(quota(30, 30)) : unreachable()),
      'GET /api/chat/conversations': () => (serverReachable ? json({ items: [] }) : unreachable()),
      'POST /api/chat/message': () =>
        eventStreamResponse(sse(answerEvents('Here is how. ', { messageId: 'm-9', conversationId }))),
    });
    // Offline as the app sees it: the connectivity store, and TanStack Query pausing its queries.
    const setOnline = (online: boolean) =>
      act(() => {
        connectivity.store.setState({ networkUp: online, online });
        onlineManager.setOnline(online);
      });
    setOnline(false);
    try {
      await openChat();
      expect(await screen.findByText(/Vale needs a connection to answer/)).toBeInTheDocument();
      await waitFor(() => expect(composer()).toBeEnabled(), { timeout: 5_000 });
      expect(screen.queryByText('Loading your conversation…')).not.toBeInTheDocument();

      await user.type(composer(), 'How do I negotiate pay?{Enter}');
      expect(screen.getByText('Waiting to send:').parentElement).toHaveTextContent('How do I negotiate pay?');
      expect(composer()).toHaveValue('');
      expect(calls.some((call) => call.path === '/api/chat/message')).toBe(false);

      serverReachable = true;
      setOnline(true);
      expect(await within(await conversationRegion()).findByText('Here is how.')).toBeInTheDocument();
      expect(calls.find((call) => call.path === '/api/chat/message')?.body).toEqual({
        message: 'How do I negotiate pay?',
      });
      expect(screen.queryByText('Waiting to send:')).not.toBeInTheDocument();
    } finally {
      setOnline(true);
    }
  });

  it('lists conversations to rename and, after confirming, delete', async () => {
    const user = userEvent.setup();
    let title = stored.title;
    let deleted = false;
    const { calls } = fakeApi({
      'GET /api/chat/quota': () => json(quota(28, 30)),
      'GET /api/chat/conversations': () => json({ items: deleted ? [] : [{ ...stored, title }] }),
      [`GET /api/chat/conversations/${conversationId}`]: () => json({ ...stored, title }),
      [`PATCH /api/chat/conversations/${conversationId}`]: (call) => {
        title = (call.body as { title: string }).title;
        return json({ ...stored, title, messages: undefined });
      },
      [`DELETE /api/chat/conversations/${conversationId}`]: () => {
        deleted = true;
        return json({ success: true });
      },
    });
    const { router } = await openChat();
    await within(await conversationRegion()).findByText('Gather evidence first.');

    await user.click(screen.getByRole('button', { name: 'Conversations' }));
    const sheet = await screen.findByRole('dialog', { name: 'Conversations' });
    const open = await within(sheet).findByRole('button', { name: /^Interviews/ });
    expect(open).toHaveAttribute('aria-current', 'true');

    await user.click(within(sheet).getByRole('button', { name: 'Rename “Interviews”' }));
    const field = within(sheet).getByRole('textbox', { name: 'Conversation title' });
    await user.clear(field);
    await user.type(field, 'Pay rise{Enter}');
    expect(await within(sheet).findByRole('button', { name: /^Pay rise/ })).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ title: 'Pay rise' });

    await user.click(within(sheet).getByRole('button', { name: 'Delete “Pay rise”' }));
    expect(within(sheet).getByText(/cannot be undone/)).toBeInTheDocument();
    expect(within(sheet).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(sheet).getByRole('button', { name: 'Delete' }));
    expect(await within(sheet).findByText(/No conversations yet/)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(true);
    expect(within(await conversationRegion()).queryByText('Gather evidence first.')).not.toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('keeps an unsent question as a draft across leaving the page, and forgets it once sent', async () => {
    const user = userEvent.setup();
    fakeApi({
      'GET /api/chat/quota': () => json(quota(28, 30)),
      [`GET /api/chat/conversations/${conversationId}`]: () => json(stored),
      'POST /api/chat/message': () =>
        eventStreamResponse(
          sse(answerEvents('Evidence. ', { messageId: 'm-2', conversationId, quota: quota(27, 30) })),
        ),
    });
    const first = await openChat(`/chat?c=${conversationId}`);
    await waitFor(() => expect(composer()).toBeEnabled());
    await user.type(composer(), 'What should I bring?');
    first.unmount();

    await openChat(`/chat?c=${conversationId}`);
    expect(composer()).toHaveValue('What should I bring?');
    await waitFor(() => expect(composer()).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await within(await conversationRegion()).findByText('Evidence.')).toBeInTheDocument();
    expect(composer()).toHaveValue('');
    expect(localStorage.getItem('uplift.draft.user-member-tier-1.vale.question')).toBeNull();
  });

  it('shows an admin an unlimited quota', async () => {
    resetAuthForTest();
    signInForTest('admin');
    fakeApi({
      'GET /api/chat/quota': () => json(quota(null, null)),
      'GET /api/chat/conversations': () => json({ items: [] }),
    });
    await openChat();
    expect(await screen.findByText('Unlimited messages today')).toBeInTheDocument();
  });
});
