import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ask,
  composer,
  conversationRegion,
  freshChatTab,
  openChat,
  resetChatTab,
} from './chatScreen.testing.ts';
import {
  answerEvents,
  apiError,
  eventStreamResponse,
  fakeApi,
  json,
  knowledgePoint,
  liveStream,
  quota,
  sse,
} from './testing.ts';

beforeEach(freshChatTab);
afterEach(resetChatTab);

describe('/chat for an anonymous visitor', () => {
  it('shows the banner with a way to sign in, and the remaining quota', async () => {
    fakeApi({ 'GET /api/chat/quota': () => json(quota(4)) });
    await openChat();
    expect(screen.getByText('Try our AI assistant - sign in for full access')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/login?redirectTo=%2Fchat',
    );
    expect(await screen.findByText('4 of 5 messages left today')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Conversations' })).not.toBeInTheDocument();
  });

  it('streams an answer, sends the short history with the next question, and keeps the quota current', async () => {
    const user = userEvent.setup();
    const { calls } = fakeApi({
      'GET /api/chat/quota': () => json(quota(5)),
      'POST /api/chat/public': (call) =>
        eventStreamResponse(
          sse(
            answerEvents(
              (call.body as { history: unknown[] }).history.length === 0
                ? 'Use the STAR method. '
                : 'Follow up. ',
              { quota: quota((call.body as { history: unknown[] }).history.length === 0 ? 4 : 3) },
            ),
          ),
        ),
    });
    await openChat();
    expect(await screen.findByText('5 of 5 messages left today')).toBeInTheDocument();

    await ask(user, 'How do I prepare for a job interview?');
    const region = await conversationRegion();
    expect(await within(region).findByText('Use the STAR method.')).toBeInTheDocument();
    expect(within(region).getByText('How do I prepare for a job interview?')).toBeInTheDocument();
    expect(within(region).getByText('From the Uplift knowledge base only')).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: '[1] Preparing for interviews' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Vale answered.'));
    expect(screen.getByText('4 of 5 messages left today')).toBeInTheDocument();
    expect(composer()).toHaveValue('');

    await ask(user, 'And after?');
    expect(await within(region).findByText('Follow up.')).toBeInTheDocument();
    expect(screen.getByText('3 of 5 messages left today')).toBeInTheDocument();
    const posts = calls.filter((call) => call.path === '/api/chat/public');
    expect(posts.map((call) => call.body)).toEqual([
      { message: 'How do I prepare for a job interview?', history: [] },
      {
        message: 'And after?',
        history: [
          { role: 'user', content: 'How do I prepare for a job interview?' },
          { role: 'assistant', content: 'Use the STAR method. ' },
        ],
      },
    ]);
  });

  it('keeps the conversation in this tab across a reload (sessionStorage only)', async () => {
    const user = userEvent.setup();
    fakeApi({
      'GET /api/chat/quota': () => json(quota(5)),
      'POST /api/chat/public': () => eventStreamResponse(sse(answerEvents('Kept answer.'))),
    });
    const first = await openChat();
    await ask(user, 'Remember me?');
    await within(await conversationRegion()).findByText('Kept answer.');
    first.unmount();

    await openChat();
    expect(await within(await conversationRegion()).findByText('Remember me?')).toBeInTheDocument();
    expect(await within(await conversationRegion()).findByText('Kept answer.')).toBeInTheDocument();
  });

  it('at 0 of 5 left, disables the composer, says why and offers to sign in', async () => {
    fakeApi({ 'GET /api/chat/quota': () => json(quota(0)) });
    await openChat();
    expect(await screen.findByText("You've used all 5 of today's messages.")).toBeInTheDocument();
    expect(
      screen.getByText(/counted per browser, with a daily ceiling for each network/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in for a larger daily quota' })).toHaveAttribute(
      'href',
      '/login?redirectTo=%2Fchat',
    );
    expect(composer()).toBeDisabled();
    for (const suggestion of within(screen.getByRole('list', { name: 'Suggested questions' })).getAllByRole(
      'button',
    )) {
      expect(suggestion).toBeDisabled();
    }
  });

  it("tells a browser why it has fewer than its allowance: the network's daily ceiling is near", async () => {
    fakeApi({ 'GET /api/chat/quota': () => json(quota(2, 5, 'address')) });
    await openChat();
    expect(
      await screen.findByText('2 of 5 messages left today, all your network has left today'),
    ).toBeInTheDocument();
    expect(composer()).toBeEnabled();
  });

  it('at 0 left because of the network\'s ceiling, says so rather than "you used them"', async () => {
    fakeApi({ 'GET /api/chat/quota': () => json(quota(0, 5, 'address')) });
    await openChat();
    expect(await screen.findByText("Today's free messages on your network are used up.")).toBeInTheDocument();
    expect(screen.queryByText(/You've used all/)).not.toBeInTheDocument();
    expect(composer()).toBeDisabled();
  });

  it("shows the server's message when the daily quota runs out meanwhile, and gives the question back", async () => {
    const user = userEvent.setup();
    const message = "You've used all 5 of today's Vale messages. Sign in for a larger daily quota.";
    fakeApi({
      // Another tab used the last message after this one read the quota.
      'GET /api/chat/quota': () => json(quota(1)),
      'POST /api/chat/public': () => apiError(429, message),
    });
    await openChat();
    await ask(user, 'One more?');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(composer()).toHaveValue('One more?');
    expect(within(await conversationRegion()).queryByText('One more?')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it('says so when the network is down', async () => {
    const user = userEvent.setup();
    fakeApi({
      'GET /api/chat/quota': () => json(quota(5)),
      'POST /api/chat/public': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await openChat();
    await ask(user, 'Hello?');
    expect(await screen.findByRole('alert')).toHaveTextContent("Can't reach Uplift right now.");
  });

  it('stops an answer by leaving its stream, keeping what was written', async () => {
    const user = userEvent.setup();
    let stream: ReturnType<typeof liveStream> | undefined;
    let signal: AbortSignal | null | undefined;
    fakeApi({
      'GET /api/chat/quota': () => json(quota(5)),
      'POST /api/chat/public': (call) => {
        signal = call.signal;
        stream = liveStream(call.signal);
        return stream.response;
      },
    });
    await openChat();
    await ask(user, 'Tell me a lot');
    await waitFor(() => expect(stream).toBeDefined());
    act(() => stream!.send(...answerEvents('Part one, part two.').slice(0, 3)));
    await within(await conversationRegion()).findByText('Part one,');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Stop' }));
    expect(signal?.aborted).toBe(true);
    expect(await screen.findByText('Stopped. The answer so far is kept.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(/^Stopped/);
    expect(screen.queryByRole('button', { name: 'Stop' })).not.toBeInTheDocument();
  });

  it('opens a cited knowledge point, rendered as safe Markdown, with its source', async () => {
    const user = userEvent.setup();
    fakeApi({
      'GET /api/chat/quota': () => json(quota(5)),
      'POST /api/chat/public': () => eventStreamResponse(sse(answerEvents('See [1]. '))),
      'GET /api/knowledge-points/kp-1': () => json(knowledgePoint),
    });
    await openChat();
    await ask(user, 'Interviews?');
    const chip = await within(await conversationRegion()).findByRole('button', {
      name: '[1] Preparing for interviews',
    });
    await user.click(chip);

    const dialog = await screen.findByRole('dialog', { name: 'Preparing for interviews' });
    expect(await within(dialog).findByText('STAR')).toContainHTML('<strong');
    expect(within(dialog).getByText('Careers')).toBeInTheDocument();
    expect(within(dialog).getByText('Practise out loud')).toBeInTheDocument();
    expect(dialog.querySelector('img, script')).toBeNull();
    expect(within(dialog).getByRole('link', { name: /Read the original source/ })).toHaveAttribute(
      'href',
      'https://example.org/interviews',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(chip).toHaveFocus();
  });
});
