import type { AssessmentResult, AssessmentState, SkillResult, SkillResults } from '@uplift/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithScreenReader } from '../../test/screenReader.tsx';
import { resetAuthForTest, signInForTest } from '../auth/testing.ts';

const attemptId = '00000000-0000-4000-8000-0000000000b1';

function question(position: number, stem: string): AssessmentState {
  return {
    id: attemptId,
    status: 'in-progress',
    skills: [{ skill: 'leadership', answered: position - 1, maxItems: 2, done: false }],
    item: {
      id: `lead-${position}`,
      skill: 'leadership',
      stem,
      options: ['Report them', 'Ask what happened', 'Do it yourself', 'Wait'],
      position,
    },
    startedAt: '2030-03-03T10:00:00.000Z',
    completedAt: null,
  };
}

const finished: AssessmentState = {
  ...question(2, ''),
  status: 'completed',
  skills: [{ skill: 'leadership', answered: 2, maxItems: 2, done: true }],
  item: null,
  completedAt: '2030-03-03T10:05:00.000Z',
};

const leadership: SkillResult = {
  skill: 'leadership',
  score: 182,
  level: 'advanced',
  bandLow: 160,
  bandHigh: 204,
  standardError: 0.4,
  itemsAnswered: 2,
  correctCount: 1,
  percentile: null,
  completedAt: '2030-03-03T10:05:00.000Z',
  retakeAvailableAt: '2030-04-02T10:05:00.000Z',
};

function json(body: unknown): Response {
  return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
}

/** The server's side of one attempt: two questions, then the result. */
function serveAttempt() {
  const states = [
    question(1, 'A teammate misses a deadline. What do you do first?'),
    question(2, 'Two colleagues disagree in a meeting. What do you do?'),
    finished,
  ];
  let at = 0;
  const results = (): SkillResults => ({
    latest: at === 2 ? [leadership] : [],
    history: null,
    activeAttemptId: at === 2 ? null : attemptId,
    detailedReport: false,
    cooldownDays: 30,
  });
  const result: AssessmentResult = {
    id: attemptId,
    completedAt: '2030-03-03T10:05:00.000Z',
    timeSpentSeconds: 120,
    results: [leadership],
    review: [],
    detailedReport: false,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const { pathname } = new URL(String(input), 'http://localhost');
      if (pathname === '/api/skills/results') return json(results());
      if (pathname === `/api/skills/assessments/${attemptId}/answers` && init?.method === 'POST') {
        at += 1;
        return json(states[at]);
      }
      if (pathname === `/api/skills/assessments/${attemptId}`) return json(states[at]);
      if (pathname === `/api/skills/assessments/${attemptId}/result`) return json(result);
      if (pathname === '/api/skills/recommendations') return json({ skills: [] });
      return json({ items: [] });
    }),
  );
}

beforeEach(() => {
  signInForTest('member-tier-1');
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetAuthForTest();
});

describe('taking an assessment with a screen reader', () => {
  it('hears each question and option with its position, answers to the end and lands on the result', async () => {
    serveAttempt();
    const reader = await renderWithScreenReader(`/skills?attempt=${attemptId}`);
    // The question takes the focus, so it is read as it appears: the skill, where it stands, the question.
    await reader.moveTo(
      'group, Leadership · question 1 of up to 2 A teammate misses a deadline. What do you do first?',
    );
    await reader.moveTo('radio, Report them, not checked, position 1, set size 5');
    await reader.moveTo('radio, Ask what happened, not checked, position 2, set size 5');
    await reader.press();
    await reader.moveTo("radio, I don't know, not checked, position 5, set size 5");
    await reader.moveTo('button, Submit answer');
    await reader.press();

    // The next question is read without looking for it: it took the focus.
    await vi.waitFor(async () =>
      expect(await reader.reading()).toBe(
        'Leadership · question 2 of up to 2 Two colleagues disagree in a meeting. What do you do?',
      ),
    );
    await reader.moveTo('radio, Wait, not checked, position 4, set size 5');
    await reader.press();
    await reader.moveTo('button, Submit answer');
    await reader.press();

    // The last answer: the results take the focus, and the score is what comes next.
    await vi.waitFor(async () => expect(await reader.reading()).toBe('heading, Your results, level 2'));
    await reader.moveTo(/^heading, Leadership ?182, level 3$/);
    await reader.moveTo(/^Advanced/);
    expect(await reader.announcements()).toEqual([]);
  });
});
