import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AssessmentState } from '@uplift/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveHapticPreferences, defaultHapticPreferences } from '../../../lib/haptics/preferences.ts';
import { skillsKeys } from '../api/keys.ts';
import { AttemptView } from './AttemptView.tsx';

const attemptId = '00000000-0000-4000-8000-0000000000b1';
const lastQuestion: AssessmentState = {
  id: attemptId,
  status: 'in-progress',
  skills: [{ skill: 'leadership', answered: 9, maxItems: 10, done: false }],
  item: {
    id: 'lead-42',
    skill: 'leadership',
    stem: 'A teammate misses a deadline. What do you do first?',
    options: ['Report them', 'Ask what happened', 'Do it yourself', 'Wait'],
    position: 10,
  },
  startedAt: '2030-03-03T10:00:00.000Z',
  completedAt: null,
};
const finished: AssessmentState = {
  ...lastQuestion,
  status: 'completed',
  skills: [{ skill: 'leadership', answered: 10, maxItems: 10, done: true }],
  item: null,
  completedAt: '2030-03-03T10:05:00.000Z',
};

function show() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(skillsKeys.assessment('u-1', attemptId), lastQuestion);
  render(
    <QueryClientProvider client={client}>
      <AttemptView userId="u-1" attemptId={attemptId} onComplete={() => undefined} />
    </QueryClientProvider>,
  );
}

async function answerTheLastQuestion() {
  const user = userEvent.setup();
  await user.click(screen.getByRole('radio', { name: 'Ask what happened' }));
  await user.click(screen.getByRole('button', { name: 'Submit answer' }));
}

describe('finishing an assessment', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'vibrate');
    localStorage.clear();
  });

  function stub() {
    const vibrate = vi.fn(() => true);
    Object.defineProperty(navigator, 'vibrate', { value: vibrate, configurable: true });
    // The question is what the server shows until the answer arrives; the answer finishes the attempt.
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) =>
        Response.json(init?.method === 'POST' ? finished : lastQuestion),
      ),
    );
    return vibrate;
  }

  it('vibrates 300 ms when the last answer finishes it', async () => {
    const vibrate = stub();
    show();
    await answerTheLastQuestion();
    await vi.waitFor(() => expect(vibrate).toHaveBeenCalledWith(300));
  });

  it('stays still when the member turned button haptics off', async () => {
    const vibrate = stub();
    saveHapticPreferences({ ...defaultHapticPreferences, buttons: false });
    show();
    await answerTheLastQuestion();
    await vi.waitFor(() => expect(screen.queryByRole('button', { name: 'Submit answer' })).toBeNull());
    expect(vibrate).not.toHaveBeenCalled();
  });
});

describe('"I don\'t know"', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is the last option of the question, reached by the keyboard, and sent as an answer of its own', async () => {
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
        if (init?.method === 'POST') sent.push(JSON.parse(String(init.body)));
        return Response.json(init?.method === 'POST' ? finished : lastQuestion);
      }),
    );
    show();
    const user = userEvent.setup();
    const radios = screen.getAllByRole('radio');
    expect(radios).toHaveLength(5);
    expect(radios[4]).toBe(screen.getByRole('radio', { name: "I don't know" }));
    await user.click(radios[0]!);
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('radio', { name: "I don't know" })).toBeChecked();
    await user.keyboard('{Enter}');
    await vi.waitFor(() =>
      expect(sent).toEqual([expect.objectContaining({ itemId: 'lead-42', choice: 'dont-know' })]),
    );
  });
});
