import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { AssessmentState } from '@uplift/contracts';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectivity, offlineQueue } from '../../../lib/offline/index.ts';
import { setQueueOwnerResolver } from '../../../lib/offline/runtime.ts';
import { signInForTest } from '../../auth/testing.ts';
import { skillsKeys } from '../api/keys.ts';
import { AttemptView } from './AttemptView.tsx';
import { goOnline, resetOfflineLayer } from '../../../test/offlineLayer.ts';

// The browser build: connectivity follows the web view, not the shells' network plugin.
vi.mock('../../../lib/native/platform.ts', () => ({ isNativePlatform: () => false }));

const attemptId = '00000000-0000-4000-8000-0000000000c1';
const answeredOffline: AssessmentState = {
  id: attemptId,
  status: 'in-progress',
  skills: [{ skill: 'leadership', answered: 3, maxItems: 10, done: false }],
  item: {
    id: 'lead-41',
    skill: 'leadership',
    stem: 'A teammate misses a deadline. What do you do first?',
    options: ['Report them', 'Ask what happened', 'Do it yourself', 'Wait'],
    position: 4,
  },
  startedAt: '2030-03-03T10:00:00.000Z',
  completedAt: null,
};
const nextQuestion: AssessmentState = {
  ...answeredOffline,
  skills: [{ skill: 'leadership', answered: 4, maxItems: 10, done: false }],
  item: {
    id: 'lead-42',
    skill: 'leadership',
    stem: 'Two colleagues disagree in a meeting. What helps most?',
    options: ['Pick a side', 'Ask each to explain', 'End the meeting', 'Say nothing'],
    position: 5,
  },
};

/**
 * The server after the connection returns: it takes the queued answer at once, but its next question
 * comes only when the test lets it, so the screen can be seen while it loads.
 */
function server() {
  let releaseQuestion: () => void = () => undefined;
  const questionLoads = new Promise<void>((resolve) => {
    releaseQuestion = resolve;
  });
  const answers: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const { pathname } = new URL(String(input), 'http://localhost');
      if (pathname === '/api/status') {
        return Response.json({ status: 'ok', time: '2030-03-03T10:01:00.000Z', build: 'test' });
      }
      if (init?.method === 'POST' && pathname === `/api/skills/assessments/${attemptId}/answers`) {
        answers.push(JSON.parse(String(init.body)));
        return Response.json(nextQuestion);
      }
      if (pathname === `/api/skills/assessments/${attemptId}`) {
        await questionLoads;
        return Response.json(answers.length > 0 ? nextQuestion : answeredOffline);
      }
      return Response.json(
        { success: false, error: { code: 'NOT_FOUND', message: 'No route', statusCode: 404 } },
        { status: 404 },
      );
    }),
  );
  return { answers: () => answers, releaseQuestion: () => releaseQuestion() };
}

beforeEach(goOnline);

afterEach(resetOfflineLayer);

describe('an answer given offline', () => {
  it('is never shown again as the question to answer, before or after the queue sends it', async () => {
    const user = userEvent.setup();
    const api = server();
    const member = signInForTest('member-tier-1');
    setQueueOwnerResolver(() => member.id);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    // The last state kept for offline use still names the question being answered.
    client.setQueryData(skillsKeys.assessment(member.id, attemptId), answeredOffline);
    render(
      <QueryClientProvider client={client}>
        <AttemptView userId={member.id} attemptId={attemptId} onComplete={() => undefined} />
      </QueryClientProvider>,
    );
    act(() => connectivity.simulateOffline(true));

    await user.click(screen.getByRole('radio', { name: 'Ask what happened' }));
    await user.click(screen.getByRole('button', { name: 'Submit answer' }));
    await waitFor(() => expect(offlineQueue.getSnapshot()).toHaveLength(1));
    expect(await screen.findByText('Your answer is saved on this device.')).toBeInTheDocument();
    expect(
      screen.getByText('The next question needs a connection: it will appear when you are back online.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(answeredOffline.item!.stem)).not.toBeInTheDocument();
    expect(api.answers()).toEqual([]);

    // Back online: the queue sends the answer; until the next question arrives, the cached state still
    // names the answered one, and it must not come back.
    act(() => connectivity.simulateOffline(false));
    await waitFor(() => expect(offlineQueue.getSnapshot()).toEqual([]));
    expect(api.answers()).toEqual([expect.objectContaining({ itemId: 'lead-41', choice: 1 })]);
    expect(await screen.findByText('Loading the next question…')).toBeInTheDocument();
    expect(screen.queryByText(answeredOffline.item!.stem)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit answer' })).not.toBeInTheDocument();

    api.releaseQuestion();
    expect(await screen.findByText(nextQuestion.item!.stem)).toBeInTheDocument();
    expect(screen.queryByText(answeredOffline.item!.stem)).not.toBeInTheDocument();
  });
});
