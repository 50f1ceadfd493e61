import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as markdown from '../../ui/Markdown.tsx';
import { Markdown } from '../../ui/Markdown.tsx';
import type * as chatHeader from './components/ChatHeader.tsx';
import type * as composerModule from './components/Composer.tsx';
import {
  ask,
  composer,
  conversationRegion,
  freshChatTab,
  openChat,
  resetChatTab,
} from './chatScreen.testing.ts';
import { answerEvents, eventStreamResponse, fakeApi, json, liveStream, quota, sse } from './testing.ts';

// The real Markdown, watched: which texts render while an answer streams in.
vi.mock('../../ui/Markdown.tsx', async (importOriginal) => {
  const actual = await importOriginal<typeof markdown>();
  return { ...actual, Markdown: vi.fn(actual.Markdown) };
});

// The real header and composer, counted: each call of their render function is one render of theirs
// (memo wraps the counted function again, so a render memo skips is not counted).
const renders = vi.hoisted(() => ({
  ChatHeader: vi.fn<(...args: unknown[]) => unknown>(),
  Composer: vi.fn<(...args: unknown[]) => unknown>(),
}));
vi.mock('./components/ChatHeader.tsx', async (importOriginal) => {
  const { memo } = await import('react');
  const actual = await importOriginal<typeof chatHeader>();
  renders.ChatHeader.mockImplementation(actual.ChatHeader.type as (...args: unknown[]) => unknown);
  return { ...actual, ChatHeader: memo(renders.ChatHeader as typeof actual.ChatHeader.type) };
});
vi.mock('./components/Composer.tsx', async (importOriginal) => {
  const { memo } = await import('react');
  const actual = await importOriginal<typeof composerModule>();
  renders.Composer.mockImplementation(actual.Composer.type as (...args: unknown[]) => unknown);
  return { ...actual, Composer: memo(renders.Composer as typeof actual.Composer.type) };
});

const storageKey = 'uplift.vale.public-chat';

beforeEach(freshChatTab);
afterEach(() => {
  resetChatTab();
  vi.restoreAllMocks();
});

/** An anonymous chat whose first answer arrives whole and whose second streams as the test writes it. */
async function chatWithStreamingAnswer() {
  const user = userEvent.setup();
  let stream: ReturnType<typeof liveStream> | undefined;
  fakeApi({
    'GET /api/chat/quota': () => json(quota(5)),
    'POST /api/chat/public': (call) => {
      if ((call.body as { history: unknown[] }).history.length === 0) {
        return eventStreamResponse(sse(answerEvents('The earlier answer. ')));
      }
      stream = liveStream(call.signal);
      return stream.response;
    },
  });
  await openChat();
  await ask(user, 'First?');
  const region = await conversationRegion();
  await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Vale answered.'));
  await ask(user, 'Second?');
  await waitFor(() => expect(stream).toBeDefined());

  const events = answerEvents('Practise your answers out loud. ', { quota: quota(3) });
  const [meta, ...rest] = events;
  act(() => stream!.send(meta!));
  return {
    region,
    /** Sends the tokens one at a time, each shown before the next is sent. */
    async streamTokens() {
      let written = '';
      for (const event of rest.filter((candidate) => candidate.type === 'token')) {
        act(() => stream!.send(event));
        written += event.text;
        await within(region).findByText(written.trim());
      }
    },
    finish() {
      act(() => {
        stream!.send(events.at(-1)!);
        stream!.close();
      });
    },
  };
}

describe('/chat while an answer streams in', () => {
  it('renders only the answer being written, not the finished ones', async () => {
    const chat = await chatWithStreamingAnswer();
    const earlier = within(chat.region).getByText('The earlier answer.');
    vi.mocked(Markdown).mockClear();

    await chat.streamTokens();

    const rendered = vi.mocked(Markdown).mock.calls.map(([props]) => props.text);
    expect(rendered.length).toBeGreaterThan(0);
    expect(rendered.filter((text) => !'Practise your answers out loud. '.startsWith(text))).toEqual([]);
    expect(within(chat.region).getByText('The earlier answer.')).toBe(earlier);
  });

  it('leaves the header and the composer as they are while the tokens come in', async () => {
    const user = userEvent.setup();
    const chat = await chatWithStreamingAnswer();
    expect(screen.getByRole('button', { name: 'Stop' })).toBeEnabled();
    renders.ChatHeader.mockClear();
    renders.Composer.mockClear();

    await chat.streamTokens();

    expect(within(chat.region).getByText('Practise your answers out loud.')).toBeInTheDocument();
    expect(renders.ChatHeader).not.toHaveBeenCalled();
    expect(renders.Composer).not.toHaveBeenCalled();
    // Still the composer of an answer being written, and the header's actions are all there.
    expect(screen.getByRole('button', { name: 'Stop' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'New chat' })).toBeInTheDocument();
    expect(screen.getByText('4 of 5 messages left today')).toBeInTheDocument();

    // Once the answer is done, both show what changed: the send control back, the quota counted down.
    chat.finish();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Stop' })).toBeNull());
    await screen.findByText('3 of 5 messages left today');
    expect(renders.ChatHeader).toHaveBeenCalled();
    expect(renders.Composer).toHaveBeenCalled();
    await user.type(composer(), 'Third?');
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
  });

  it("saves the tab's conversation once per finished answer, not on every token", async () => {
    const chat = await chatWithStreamingAnswer();
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    const saves = () => setItem.mock.calls.filter(([key]) => key === storageKey);

    await chat.streamTokens();
    expect(saves()).toEqual([]);

    chat.finish();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Stop' })).toBeNull());
    expect(saves()).toHaveLength(1);
    const saved = JSON.parse(sessionStorage.getItem(storageKey) ?? '[]') as Array<{ content: string }>;
    expect(saved.map((entry) => entry.content)).toEqual([
      'First?',
      'The earlier answer. ',
      'Second?',
      'Practise your answers out loud. ',
    ]);
  });
});
