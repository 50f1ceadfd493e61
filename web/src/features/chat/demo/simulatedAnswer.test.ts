import type { ChatStreamEvent } from '@uplift/contracts';
import { describe, expect, it } from 'vitest';
import { chatReducer, emptyChat, type ChatState } from '../stream/chatReducer.ts';
import { simulateAnswer, type SimulatedAnswer } from './simulatedAnswer.ts';

async function collect(answer: SimulatedAnswer, signal = new AbortController().signal) {
  const events: ChatStreamEvent[] = [];
  for await (const event of simulateAnswer(answer, signal)) events.push(event);
  return events;
}

function apply(events: ChatStreamEvent[], from: ChatState): ChatState {
  return events.reduce((state, event) => chatReducer(state, { type: 'event', key: 'a', event }), from);
}

const text = 'One two three four five six.';

describe('simulateAnswer', () => {
  it('sends meta, word-sized tokens and done, like the server', async () => {
    const events = await collect({ text, citations: [], delayMs: 0 });
    expect(events[0]?.type).toBe('meta');
    expect(events.at(-1)).toMatchObject({ type: 'done', content: text, status: 'complete' });
    const tokens = events.filter((event) => event.type === 'token');
    expect(tokens.map((event) => event.text)).toEqual(['One ', 'two ', 'three ', 'four ', 'five ', 'six.']);
  });

  it('drops midway without done, then resumes with the text so far first, ending on the same text', async () => {
    let state = chatReducer(emptyChat, { type: 'asked', questionKey: 'q', answerKey: 'a', text: 'Go' });
    const cut = await collect({ text, citations: [], delayMs: 0, dropAt: 10 });
    expect(cut.some((event) => event.type === 'done')).toBe(false);
    state = apply(cut, state);
    expect(state.entries[1]?.content).toBe('One two three ');

    const resumed = await collect({ text, citations: [], delayMs: 0, resumeFrom: 18 });
    expect(resumed[1]).toEqual({ type: 'token', text: 'One two three four' });
    state = apply(resumed, state);
    expect(state.entries[1]).toMatchObject({ content: text, status: 'complete' });
  });

  it('ends when aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(collect({ text, citations: [], delayMs: 5 }, controller.signal)).rejects.toBeDefined();
  });
});
