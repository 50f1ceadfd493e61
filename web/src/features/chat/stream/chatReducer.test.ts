import { describe, expect, it } from 'vitest';
import { answerEvents, citation, message, quota } from '../testing.ts';
import { chatReducer, emptyChat, historyOf, type ChatAction, type ChatState } from './chatReducer.ts';

function run(actions: ChatAction[], from: ChatState = emptyChat): ChatState {
  return actions.reduce(chatReducer, from);
}

const asked: ChatAction = { type: 'asked', questionKey: 'q1', answerKey: 'a1', text: 'How do I prepare?' };

describe('chatReducer', () => {
  it('adds the question and an empty answer being written', () => {
    const state = run([asked]);
    expect(state.entries.map(({ key, role, content, status }) => ({ key, role, content, status }))).toEqual([
      { key: 'q1', role: 'user', content: 'How do I prepare?', status: 'complete' },
      { key: 'a1', role: 'assistant', content: '', status: 'streaming' },
    ]);
  });

  it('streams an answer: meta (ids, sources), tokens appended, done as the final word', () => {
    const events = answerEvents('Use the STAR method. ', { messageId: 'm-1', conversationId: 'c-1' });
    const [meta, first, ...rest] = events;
    let state = run([asked, { type: 'event', key: 'a1', event: meta! }]);
    expect(state.conversationId).toBe('c-1');
    expect(state.entries[1]).toMatchObject({
      id: 'm-1',
      citations: [citation],
      groundedOnly: true,
      content: '',
    });

    state = run([{ type: 'event', key: 'a1', event: first! }], state);
    expect(state.entries[1]?.content).toBe('Use ');
    expect(state.announcement).toBeNull();

    state = run(
      rest.map((event) => ({ type: 'event', key: 'a1', event })),
      state,
    );
    expect(state.entries[1]).toMatchObject({ content: 'Use the STAR method. ', status: 'complete' });
    expect(state.announcement).toEqual({ id: 1, text: 'Vale answered.' });
  });

  it('lets a resumed stream replace the text with its first token instead of doubling it', () => {
    let state = run([
      asked,
      ...answerEvents('Partial ')
        .slice(0, 2)
        .map((event): ChatAction => ({ type: 'event', key: 'a1', event })),
      { type: 'dropped', key: 'a1', resumable: true },
    ]);
    expect(state.entries[1]).toMatchObject({ content: 'Partial ', status: 'detached' });
    state = run(
      [
        { type: 'resuming', key: 'a1' },
        {
          type: 'event',
          key: 'a1',
          event: {
            type: 'meta',
            conversationId: 'c-1',
            messageId: 'm-1',
            citations: [],
            groundedOnly: false,
          },
        },
      ],
      state,
    );
    // Until the catch-up token arrives, what was on screen stays on screen.
    expect(state.entries[1]).toMatchObject({ content: 'Partial ', status: 'streaming' });
    state = run(
      [
        { type: 'event', key: 'a1', event: { type: 'token', text: 'Partial answer, ' } },
        { type: 'event', key: 'a1', event: { type: 'token', text: 'finished.' } },
      ],
      state,
    );
    expect(state.entries[1]?.content).toBe('Partial answer, finished.');
  });

  it('marks a dropped stream detached when the server keeps writing it, cut off when nothing can be resumed', () => {
    const detached = run([asked, { type: 'dropped', key: 'a1', resumable: true }]);
    expect(detached.entries[1]?.status).toBe('detached');
    expect(detached.announcement?.text).toMatch(/still writing/);
    const cut = run([asked, { type: 'dropped', key: 'a1', resumable: false }]);
    expect(cut.entries[1]?.status).toBe('interrupted');
    expect(cut.announcement?.text).toMatch(/cut off/);
  });

  it('keeps a stopped answer with its text, and ignores a stop once it is finished', () => {
    const state = run([
      asked,
      { type: 'event', key: 'a1', event: { type: 'token', text: 'So far' } },
      { type: 'stopped', key: 'a1' },
    ]);
    expect(state.entries[1]).toMatchObject({ content: 'So far', status: 'stopped' });
    expect(run([{ type: 'stopped', key: 'a1' }], state)).toBe(state);
  });

  it('removes an answer that failed before writing anything; keeps a partial one as failed', () => {
    const error = { type: 'error', code: 'X', message: 'Broken' } as const;
    expect(run([asked, { type: 'event', key: 'a1', event: error }]).entries).toHaveLength(1);
    const partial = run([
      asked,
      { type: 'event', key: 'a1', event: { type: 'token', text: 'Half' } },
      { type: 'event', key: 'a1', event: error },
    ]);
    expect(partial.entries[1]).toMatchObject({ content: 'Half', status: 'failed' });
  });

  it('withdraws a refused question and its empty answer', () => {
    expect(run([asked, { type: 'withdrawn', keys: ['q1', 'a1'] }]).entries).toEqual([]);
  });

  it('loads a stored conversation; an answer still being written there needs picking up', () => {
    const state = run([
      {
        type: 'loaded',
        conversationId: 'c-1',
        messages: [
          message({ id: 'u-1', role: 'user', content: 'Q' }),
          message({ id: 'm-1', role: 'assistant', content: 'Partial', status: 'streaming' }),
        ],
      },
    ]);
    expect(state.conversationId).toBe('c-1');
    expect(state.entries.map((entry) => [entry.key, entry.status])).toEqual([
      ['u-1', 'complete'],
      ['m-1', 'detached'],
    ]);
  });

  it('replaces an answer with its stored copy (after stop) and announces that it ended', () => {
    const state = run([
      asked,
      {
        type: 'stored',
        key: 'a1',
        message: message({ id: 'm-1', role: 'assistant', content: 'Kept', status: 'stopped' }),
      },
    ]);
    expect(state.entries[1]).toMatchObject({ key: 'a1', id: 'm-1', content: 'Kept', status: 'stopped' });
    expect(state.announcement?.text).toMatch(/^Stopped/);
  });

  it('regenerating replaces the last answer with a new empty one', () => {
    const done = run([
      asked,
      ...answerEvents('Old').map((event): ChatAction => ({ type: 'event', key: 'a1', event })),
    ]);
    const state = run([{ type: 'regenerating', answerKey: 'a2' }], done);
    expect(state.entries.map((entry) => [entry.key, entry.content, entry.status])).toEqual([
      ['q1', 'How do I prepare?', 'complete'],
      ['a2', '', 'streaming'],
    ]);
  });

  it('answering an earlier question again drops the turns after it and takes the stored ids', () => {
    const events = (key: string, text: string, messageId: string, questionId: string) =>
      answerEvents(text, { messageId }).map((event): ChatAction => ({
        type: 'event',
        key,
        event: event.type === 'meta' ? { ...event, questionId } : event,
      }));
    const twice = run([
      asked,
      ...events('a1', 'First', 'm-1', 'u-1'),
      { type: 'asked', questionKey: 'q2', answerKey: 'a2', text: 'And then?' },
      ...events('a2', 'Second', 'm-2', 'u-2'),
    ]);
    expect(twice.entries.map((entry) => entry.id)).toEqual(['u-1', 'm-1', 'u-2', 'm-2']);
    const state = run(
      [{ type: 'regenerating', answerKey: 'a3', questionKey: 'q1', edited: 'How do I start?' }],
      twice,
    );
    expect(state.entries.map((entry) => [entry.key, entry.content, entry.status])).toEqual([
      ['q1', 'How do I start?', 'complete'],
      ['a3', '', 'streaming'],
    ]);
  });

  it('treats a `done` still marked streaming (nobody writing it any more) as cut off', () => {
    const state = run([
      asked,
      {
        type: 'event',
        key: 'a1',
        event: {
          type: 'done',
          messageId: 'm-1',
          content: 'Half',
          citations: [],
          status: 'streaming',
          groundedOnly: false,
          quota: quota(3),
        },
      },
    ]);
    expect(state.entries[1]?.status).toBe('interrupted');
  });
});

describe('historyOf', () => {
  it('sends the last finished turns, oldest first, capped in number and length', () => {
    const state = run([
      { type: 'asked', questionKey: 'q1', answerKey: 'a1', text: 'One' },
      ...answerEvents('Answer one').map((event): ChatAction => ({ type: 'event', key: 'a1', event })),
      { type: 'asked', questionKey: 'q2', answerKey: 'a2', text: 'Two' },
      ...answerEvents('Answer two is long').map((event): ChatAction => ({ type: 'event', key: 'a2', event })),
      // Its answer, still being written, is not part of the history yet.
      { type: 'asked', questionKey: 'q3', answerKey: 'a3', text: 'Three' },
    ]);
    expect(historyOf(state.entries, 3, 10)).toEqual([
      { role: 'user', content: 'Two' },
      { role: 'assistant', content: 'Answer two' },
      { role: 'user', content: 'Three' },
    ]);
  });
});
