import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { EconomicImpact, IndustryBreakdown } from '@uplift/contracts';
import { render, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

function renderPanel(figures: EconomicImpact) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const { pathname } = new URL(String(input), 'http://localhost');
      return json(pathname === '/api/metrics/economic-impact' ? figures : noIndustries);
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ImpactPanel />
    </QueryClientProvider>,
  );
}

/** A headline figure's value (the <dd> after its <dt>), found by the figure's label. */
async function figure(label: string) {
  const terms = await screen.findAllByRole('term');
  const term = terms.find((candidate) => candidate.textContent === label);
  if (!term) throw new Error(`No figure "${label}" among ${terms.map((t) => t.textContent).join(', ')}`);
  return term.nextElementSibling as HTMLElement;
}

afterEach(() => vi.unstubAllGlobals());

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
