import type { AssessmentState, SkillResult, SkillResults } from '@uplift/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../../test/renderRoute.tsx';
import { resetAuthForTest, signInForTest } from '../../auth/testing.ts';
import { SkillPicker } from './SkillPicker.tsx';

const attemptId = '0b6f7c2e-4a1d-4c3e-9f21-5d8e7a6b1c02';
const noResults: SkillResults = {
  latest: [],
  history: [],
  activeAttemptId: null,
  detailedReport: true,
  cooldownDays: 0,
};
const firstQuestion: AssessmentState = {
  id: attemptId,
  status: 'in-progress',
  skills: [
    { skill: 'leadership', answered: 0, maxItems: 10, done: false },
    { skill: 'data-analytics', answered: 0, maxItems: 10, done: false },
  ],
  item: {
    id: 'data-1',
    skill: 'data-analytics',
    stem: 'Which chart shows a trend over time best?',
    options: ['Pie chart', 'Line chart', 'Word cloud', 'Table'],
    position: 1,
  },
  startedAt: '2030-03-03T10:00:00.000Z',
  completedAt: null,
};

interface Sent {
  method: string;
  path: string;
  body: unknown;
}

/** The skills API: the results (with the attempt once it started) and `POST /api/skills/assessments`. */
function server(start: () => Response) {
  const sent: Sent[] = [];
  let started = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const path = new URL(String(input), 'http://localhost').pathname;
      sent.push({ method, path, body: init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined });
      if (method === 'POST' && path === '/api/skills/assessments') {
        const answer = start();
        started = answer.ok;
        return answer;
      }
      if (path === '/api/skills/results') {
        return Response.json(started ? { ...noResults, activeAttemptId: attemptId } : noResults);
      }
      if (path === `/api/skills/assessments/${attemptId}`) return Response.json(firstQuestion);
      return Response.json(
        { success: false, error: { code: 'NOT_FOUND', message: 'Not found', statusCode: 404 } },
        { status: 404 },
      );
    }),
  );
  return { starts: () => sent.filter((request) => request.method === 'POST') };
}

beforeEach(() => {
  signInForTest();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  resetAuthForTest();
});

describe('choosing the skills to assess', () => {
  it('starts only once a skill is chosen, sends the chosen skills, and shows the first question', async () => {
    const user = userEvent.setup();
    const api = server(() => Response.json(firstQuestion, { status: 201 }));
    renderRoute('/skills');
    const skills = await screen.findByRole('group', { name: 'Choose the skills to assess' });
    const start = screen.getByRole('button', { name: 'Start assessment' });
    expect(start).toBeDisabled();

    // Chosen in any order, they go out in the page's order of skills.
    await user.click(within(skills).getByRole('checkbox', { name: 'Data and analytics' }));
    expect(start).toBeEnabled();
    await user.click(within(skills).getByRole('checkbox', { name: 'Communication' }));
    await user.click(within(skills).getByRole('checkbox', { name: 'Leadership' }));
    await user.click(within(skills).getByRole('checkbox', { name: 'Communication' }));
    await user.click(start);

    expect(await screen.findByText('Which chart shows a trend over time best?')).toBeInTheDocument();
    expect(api.starts()).toEqual([
      {
        method: 'POST',
        path: '/api/skills/assessments',
        body: { skills: ['leadership', 'data-analytics'] },
      },
    ]);
  });

  it('unticking the last skill takes the start away again', async () => {
    const user = userEvent.setup();
    const api = server(() => Response.json(firstQuestion, { status: 201 }));
    renderRoute('/skills');
    const leadership = await screen.findByRole('checkbox', { name: 'Leadership' });
    await user.click(leadership);
    await user.click(leadership);
    const start = screen.getByRole('button', { name: 'Start assessment' });
    expect(start).toBeDisabled();
    await user.click(start);
    expect(api.starts()).toEqual([]);
  });

  it('says why the server would not start it, and keeps the choice', async () => {
    const user = userEvent.setup();
    server(() =>
      Response.json(
        {
          success: false,
          error: {
            code: 'RATE_LIMITED',
            message: 'You can start 5 assessments a day: try again tomorrow.',
            statusCode: 429,
          },
        },
        { status: 429 },
      ),
    );
    renderRoute('/skills');
    await user.click(await screen.findByRole('checkbox', { name: 'Leadership' }));
    await user.click(screen.getByRole('button', { name: 'Start assessment' }));
    // An alert of its own: the page's load alert stays empty.
    expect(await screen.findByText('You can start 5 assessments a day: try again tomorrow.')).toHaveRole(
      'alert',
    );
    expect(screen.getByRole('checkbox', { name: 'Leadership' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Start assessment' })).toBeEnabled();
  });
});

describe('a skill in its retake cool-down', () => {
  const communication: SkillResult = {
    skill: 'communication',
    score: 62,
    level: 'advanced',
    bandLow: 55,
    bandHigh: 69,
    standardError: 0.3,
    itemsAnswered: 10,
    correctCount: 7,
    percentile: 60,
    completedAt: '2030-03-01T10:00:00.000Z',
    retakeAvailableAt: '2030-03-08T10:00:00.000Z',
  };

  it('cannot be chosen until its retake date, which it shows', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-03-03T12:00:00.000Z'));
    render(<SkillPicker latest={[communication]} onStart={vi.fn()} busy={false} error={null} />);
    expect(screen.getByRole('checkbox', { name: /^Communication\s*Retake from .*2030/ })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Leadership' })).toBeEnabled();
  });

  it('can be chosen again once the date has passed', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-03-08T10:00:01.000Z'));
    render(<SkillPicker latest={[communication]} onStart={vi.fn()} busy={false} error={null} />);
    expect(screen.getByRole('checkbox', { name: 'Communication' })).toBeEnabled();
  });
});
