import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { assessmentResultSchema, type ReviewEntry } from '@uplift/contracts';
import { AnswerReview } from './AnswerReview.tsx';

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
  retired: null,
});

function show(review: ReviewEntry[]) {
  return render(
    <MemoryRouter>
      <AnswerReview review={review} />
    </MemoryRouter>,
  );
}

describe('AnswerReview', () => {
  it('shows each missed concept with its idea and what to study, never a live question or its answer', () => {
    show([
      live('summaries', 'Averages and percentages'),
      live('summaries', 'Averages and percentages'),
      live('charts', 'Charts'),
    ]);
    const region = screen.getByRole('region', { name: 'What to revisit' });
    const cards = within(region)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(cards).toEqual(['Averages and percentages', 'Charts']);
    expect(within(region).getByText(/missed 2 questions/)).toBeTruthy();
    expect(within(region).getByText(/missed 1 question$/)).toBeTruthy();
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
    expect(screen.getByText('Orders went from 80 to 100. What is the increase?')).toBeTruthy();
    expect(screen.getByText(/A\. 20 %/).textContent).toMatch(/\(your answer\)/);
    expect(screen.getByText(/B\. 25 %/).textContent).toMatch(/\(correct answer\)/);
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
