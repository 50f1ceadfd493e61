import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { industryBreakdownSchema, type EconomicImpact, type IndustryBreakdown } from '@uplift/contracts';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatMoney } from '../format.ts';
import { ImpactPanel } from './ImpactPanel.tsx';

function json(body: unknown): Response {
  return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
}

function impact(overrides: Partial<EconomicImpact> = {}): EconomicImpact {
  return {
    members: 42,
    assessmentsCompleted: 120,
    averageSkillGain: 11.2,
    outcomesReported: 30,
    outcomesByType: [
      { type: 'new-job', count: 10 },
      { type: 'promotion', count: 8 },
      { type: 'raise', count: 12 },
      { type: 'certification', count: 0 },
      { type: 'business-started', count: 0 },
    ],
    totalAnnualWageUplift: 84_000,
    currency: 'USD',
    trainingHours: 310.5,
    partnerConnections: 17,
    trend: [{ month: '2026-01', shown: true, outcomes: 30, wageUplift: 84_000 }],
    minimumGroupSize: 5,
    generatedAt: '2026-01-31T12:00:00Z',
    ...overrides,
  };
}

const noIndustries: IndustryBreakdown = {
  industries: [],
  currency: 'USD',
  minimumGroupSize: 5,
  generatedAt: '2026-01-31T12:00:00Z',
};

let client: QueryClient | undefined;

function renderPanel(figures: EconomicImpact, breakdown: IndustryBreakdown = noIndustries) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const { pathname } = new URL(String(input), 'http://localhost');
      if (pathname === '/api/metrics/economic-impact') return json(figures);
      if (pathname === '/api/industry-breakdown') return json(breakdown);
      return new Response(null, { status: 404 });
    }),
  );
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ImpactPanel />
    </QueryClientProvider>,
  );
}

/** A figure's value (the <dd> after its <dt>), found by the figure's label among the visible ones. */
async function figure(label: string, container: HTMLElement = document.body) {
  const terms = await within(container).findAllByRole('term');
  const term = terms.find((candidate) => candidate.textContent === label);
  if (!term) throw new Error(`No figure "${label}" among ${terms.map((t) => t.textContent).join(', ')}`);
  return term.nextElementSibling as HTMLElement;
}

// A test may be done before both reads have answered (the headline ones never look at the breakdown): each
// answer, and the render it causes (TanStack notifies on a timer), lands inside act, before the unmount.
afterEach(async () => {
  const settling = client;
  client = undefined;
  if (settling) {
    await waitFor(() => expect(settling.isFetching()).toBe(0));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  }
  vi.unstubAllGlobals();
});

describe('the impact panel headline figures', () => {
  it('shows the average skill gain, signed, with words for screen readers', async () => {
    renderPanel(impact());
    const value = await figure('Average skill gain');
    expect(value).toHaveRole('definition');
    expect(within(value).getByText('+11.2 points')).toHaveAttribute('aria-hidden', 'true');
    expect(within(value).getByText('up 11.2 points on the 0 to 300 skills scale')).toBeInTheDocument();
    // Beside the other headline figures.
    expect(within(await figure('Assessments completed')).getByText('120')).toBeInTheDocument();
  });

  it('says a fall in words too', async () => {
    renderPanel(impact({ averageSkillGain: -3.5 }));
    const value = await figure('Average skill gain');
    expect(within(value).getByText('−3.5 points')).toHaveAttribute('aria-hidden', 'true');
    expect(within(value).getByText('down 3.5 points on the 0 to 300 skills scale')).toBeInTheDocument();
  });

  it('leaves the figure out while it is withheld (fewer than 5 members retook a skill)', async () => {
    renderPanel(impact({ averageSkillGain: null }));
    await figure('Members');
    expect(screen.getAllByRole('term').map((term) => term.textContent)).not.toContain('Average skill gain');
  });
});

/**
 * Two rows as the server sends them (the shape of metrics.breakdown.test.ts's community): Technology stands
 * alone with every figure shown; the small industries folded into Other leave some figures withheld.
 */
const twoIndustries: IndustryBreakdown = industryBreakdownSchema.parse({
  industries: [
    {
      industry: 'technology',
      label: 'Technology',
      members: 7,
      outcomesReported: 7,
      totalAnnualWageUplift: 9_100,
      trainingHours: 1.4,
      partnerConnections: 11,
      assessmentsCompleted: 14,
      averageSkillGain: 36.3,
      outcomesByType: [
        { type: 'new-job', count: 0 },
        { type: 'promotion', count: 0 },
        { type: 'raise', count: 7 },
        { type: 'certification', count: 0 },
        { type: 'business-started', count: 0 },
      ],
    },
    {
      industry: 'other',
      label: 'Other',
      members: 8,
      outcomesReported: null,
      totalAnnualWageUplift: 16_028,
      trainingHours: null,
      partnerConnections: 8,
      assessmentsCompleted: 16,
      averageSkillGain: null,
      outcomesByType: [
        { type: 'new-job', count: 8 },
        { type: 'promotion', count: null },
        { type: 'raise', count: 0 },
        { type: 'certification', count: 0 },
        { type: 'business-started', count: 0 },
      ],
    },
  ],
  currency: 'USD',
  minimumGroupSize: 5,
  generatedAt: '2026-01-31T12:00:00Z',
});

/** Opens an industry's figures from its heading's button; returns the part it opened. */
async function openIndustry(name: string) {
  const heading = await screen.findByRole('heading', { level: 4, name: new RegExp(`^${name} `) });
  const button = within(heading).getByRole('button', { expanded: false });
  fireEvent.click(button);
  expect(button).toHaveAttribute('aria-expanded', 'true');
  // The button's own relation to what it opens, as a screen reader follows it.
  const opened = document.getElementById(button.getAttribute('aria-controls') ?? '');
  if (!opened) throw new Error(`The ${name} button controls nothing`);
  expect(opened).toBeVisible();
  return { button, opened };
}

describe('the impact panel industry breakdown', () => {
  it('lists each industry with its members, its figures closed until asked for', async () => {
    renderPanel(impact(), twoIndustries);
    const technology = await screen.findByRole('button', { name: 'Technology 7 members', expanded: false });
    expect(screen.getByRole('button', { name: 'Other 8 members', expanded: false })).toBeInTheDocument();
    // Closed: none of its figures is shown, or read, beside the headline ones.
    const closed = document.getElementById(technology.getAttribute('aria-controls') ?? '');
    expect(closed).not.toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Outcomes by type', level: 5 })).toBeNull();
    expect(screen.getAllByRole('term').map((term) => term.textContent)).not.toContain('Raise');
  });

  it('shows every figure the breakdown gives for an industry once it is opened', async () => {
    renderPanel(impact(), twoIndustries);
    const { opened } = await openIndustry('Technology');
    const value = async (label: string) => (await figure(label, opened)).textContent;
    expect(await value('Members')).toBe('7');
    expect(await value('Outcomes reported')).toBe('7');
    expect(await value('Yearly wage uplift')).toBe(formatMoney(9_100));
    expect(await value('Training hours')).toBe('1.4');
    expect(await value('Partner connections')).toBe('11');
    expect(await value('Assessments completed')).toBe('14');
    // Skill gain as the headline gives it: signed for the eye, in words for screen readers.
    const gain = await figure('Average skill gain', opened);
    expect(within(gain).getByText('+36.3 points')).toHaveAttribute('aria-hidden', 'true');
    expect(within(gain).getByText('up 36.3 points on the 0 to 300 skills scale')).toBeInTheDocument();
    // Outcomes by type, under their own heading, one below the industry's.
    expect(within(opened).getByRole('heading', { level: 5, name: 'Outcomes by type' })).toBeInTheDocument();
    expect(await value('Raise')).toBe('7');
    expect(await value('New job')).toBe('0');
    expect(await value('Business started')).toBe('0');
  });

  it('reads withheld figures as withheld, beside the shown ones', async () => {
    renderPanel(impact(), twoIndustries);
    const { opened } = await openIndustry('Other');
    const value = async (label: string) => (await figure(label, opened)).textContent;
    expect(await value('Outcomes reported')).toBe('Fewer than 5 members');
    expect(await value('Training hours')).toBe('Fewer than 5 members');
    expect(await value('Average skill gain')).toBe('Fewer than 5 members');
    expect(await value('Promotion')).toBe('Fewer than 5 members');
    expect(await value('Yearly wage uplift')).toBe(formatMoney(16_028));
    expect(await value('Partner connections')).toBe('8');
    expect(await value('New job')).toBe('8');
  });

  it('closes an industry again from the same button', async () => {
    renderPanel(impact(), twoIndustries);
    const { button, opened } = await openIndustry('Technology');
    fireEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(opened).not.toBeVisible();
    // Opening one leaves the others as they were.
    expect(screen.getByRole('button', { name: 'Other 8 members', expanded: false })).toBeInTheDocument();
  });
});
