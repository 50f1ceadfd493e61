import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { assessmentResultSchema, type ReviewEntry, type SkillResult } from '@uplift/contracts';
import { AnswerReview } from './AnswerReview.tsx';
import { conceptGaps } from './studyPlan.ts';

const idea = 'Change divided by the starting value gives the percentage change.';
const live = (concept: string, title: string): ReviewEntry => ({
  skill: 'data-analytics',
  concept: `data-analytics/${concept}`,
  conceptTitle: title,
  idea,
  study: [
    { kind: 'video', id: 'v1', title: 'Reading percentages', href: '/videos/v1' },
    {
      kind: 'knowledge',
      id: 'percent-change',
      title: 'Percent change',
      href: '/skills?knowledge=percent-change',
    },
  ],
  dontKnow: false,
  retired: null,
});

const result = (skill: SkillResult['skill'], score: number): SkillResult => ({
  skill,
  score,
  level: 'emerging',
  bandLow: score - 10,
  bandHigh: score + 10,
  standardError: 0.3,
  itemsAnswered: 10,
  correctCount: 5,
  percentile: null,
  completedAt: '2026-12-06T05:00:00.000Z',
  retakeAvailableAt: '2026-12-20T05:00:00.000Z',
});

function show(review: ReviewEntry[], results = [result('data-analytics', 120)]) {
  return render(
    <MemoryRouter>
      <AnswerReview gaps={conceptGaps(review, results)} />
    </MemoryRouter>,
  );
}

const openAll = () => {
  for (const button of screen.queryAllByRole('button', { expanded: false })) fireEvent.click(button);
};

describe('AnswerReview', () => {
  it('shows each missed concept with its idea and what to study, never a live question or its answer', () => {
    show([
      live('summaries', 'Averages and percentages'),
      live('summaries', 'Averages and percentages'),
      live('charts', 'Charts'),
    ]);
    const region = screen.getByRole('region', { name: 'What to revisit' });
    expect(
      within(region).getByText('The 3 questions you missed, by concept.', { exact: false }),
    ).toBeTruthy();
    // Each concept closed on its title and count: the ideas and links wait until asked for.
    const concepts = within(region).getAllByRole('button', { expanded: false });
    expect(concepts.map((button) => button.textContent)).toEqual([
      'Averages and percentagesData and analytics · missed 2 questions+',
      'ChartsData and analytics · missed 1 question+',
    ]);
    for (const shown of within(region).getAllByText(idea)) expect(shown.closest('[hidden]')).not.toBeNull();
    expect(within(region).queryAllByRole('link')).toHaveLength(0);
    openAll();
    expect(within(region).getAllByText(idea)).toHaveLength(2);
    const study = within(region).getByRole('list', { name: 'Study Averages and percentages' });
    expect(within(study).getByRole('link', { name: 'Read: Percent change' }).getAttribute('href')).toBe(
      '/skills?knowledge=percent-change',
    );
    expect(within(study).getByRole('link', { name: 'Watch: Reading percentages' }).getAttribute('href')).toBe(
      '/videos/v1',
    );
    expect(region.textContent).not.toMatch(/correct answer|your answer/);
  });

  it('shows a retired question in full, with the answer given and the right one', () => {
    show([
      {
        ...live('summaries', 'Averages and percentages'),
        retired: {
          stem: 'Orders went from 80 to 100. What is the increase?',
          options: ['20 %', '25 %', '80 %', '125 %'],
          chosen: 0,
          correctOption: 1,
          explanation: '(100 − 80) / 80 = 25 %.',
        },
      },
    ]);
    openAll();
    expect(screen.getByText('Orders went from 80 to 100. What is the increase?')).toBeTruthy();
    expect(screen.getByText(/A\. 20 %/).textContent).toMatch(/\(your answer\)/);
    expect(screen.getByText(/B\. 25 %/).textContent).toMatch(/\(correct answer\)/);
  });

  it('says which misses were answered "I don\'t know", and shows it as the answer of a retired question', () => {
    show([
      { ...live('summaries', 'Averages and percentages'), dontKnow: true },
      live('summaries', 'Averages and percentages'),
      {
        ...live('charts', 'Charts'),
        dontKnow: true,
        retired: {
          stem: 'Which chart shows a share of a whole?',
          options: ['Line', 'Pie', 'Scatter', 'Histogram'],
          chosen: null,
          correctOption: 1,
          explanation: 'A pie shows parts of one whole.',
        },
      },
    ]);
    expect(screen.getByRole('button', { name: /Averages and percentages/ }).textContent).toContain(
      "missed 2 questions, 1 answered “I don't know”",
    );
    expect(screen.getByRole('button', { name: /Charts/ }).textContent).toContain(
      "missed 1 question, answered “I don't know”",
    );
    openAll();
    expect(screen.getByText(/Your answer:/).textContent).toBe("Your answer: I don't know");
    expect(screen.getByText(/A\. Line/).textContent).not.toMatch(/your answer/);
    expect(screen.getByText(/B\. Pie/).textContent).toMatch(/\(correct answer\)/);
  });

  it('lists the biggest gap first: the weakest skill, then the concept missed most', () => {
    show(
      [
        live('charts', 'Charts'),
        { ...live('listening', 'Listening'), skill: 'communication' },
        { ...live('summaries', 'Averages and percentages') },
        { ...live('summaries', 'Averages and percentages') },
      ],
      [result('data-analytics', 150), result('communication', 90)],
    );
    const titles = screen
      .getAllByRole('button', { expanded: false })
      .map((button) => button.textContent?.split(/(Data|Communication)/)[0]);
    expect(titles).toEqual(['Listening', 'Averages and percentages', 'Charts']);
  });

  it('says so when nothing was missed', () => {
    show([]);
    expect(screen.getByText('You missed no questions in this assessment.')).toBeTruthy();
  });

  it('the contract has no key for a live question', () => {
    const result = assessmentResultSchema.parse({
      id: crypto.randomUUID(),
      completedAt: '2026-12-06T05:00:00.000Z',
      timeSpentSeconds: 60,
      results: [],
      review: [{ ...live('charts', 'Charts'), correctOption: 2, stem: 'x' }],
      detailedReport: false,
    });
    // Unknown fields are stripped: a stray key never reaches the page.
    expect(result.review[0]).not.toHaveProperty('correctOption');
    expect(result.review[0]).not.toHaveProperty('stem');
  });
});
