import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithScreenReader } from '../../test/screenReader.tsx';
import { freshChatTab, resetChatTab } from './chatScreen.testing.ts';
import { answerEvents, fakeApi, json, liveStream, quota } from './testing.ts';

beforeEach(freshChatTab);
afterEach(resetChatTab);

const answer = 'Practise your answers out loud. Use the STAR method for each example. ';

describe('asking Vale with a screen reader', () => {
  it('asks from the labelled field, hears once that Vale answered (not each word), then reads the answer', async () => {
    let stream: ReturnType<typeof liveStream> | undefined;
    fakeApi({
      'GET /api/chat/quota': () => json(quota(5)),
      'POST /api/chat/public': (call) => {
        stream = liveStream(call.signal);
        return stream.response;
      },
    });
    const reader = await renderWithScreenReader('/chat');
    await reader.moveTo('heading, Chat with Vale, level 1');
    await reader.moveTo('textbox, Message Vale, placeholder Ask Vale anything…');
    await reader.type('Interview tips?');
    await reader.moveTo('button, Send');
    await reader.press();
    // Send is disabled while Vale answers: the reader is back in the field, not on a dead button.
    await vi.waitFor(async () => expect(await reader.reading()).toMatch(/^textbox, Message Vale/));

    await vi.waitFor(() => expect(stream).toBeDefined());
    const [meta, ...rest] = answerEvents(answer, { quota: quota(4) });
    stream!.send(meta!);
    const tokens = rest.filter((event) => event.type === 'token');
    for (const token of tokens) stream!.send(token);
    await screen.findByText(answer.trim());
    // The whole text is on screen and nothing was said: the answer is still being written.
    expect(await reader.announcements()).toEqual([]);

    stream!.send(rest.at(-1)!);
    stream!.close();
    await reader.heard(/Vale answered/);
    await reader.moveTo('Vale said:');
    await reader.moveTo(answer.trim());
    expect(await reader.announcements()).toEqual(['polite: Vale answered.']);
  });
});
