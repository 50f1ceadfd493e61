import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ChartFigure } from './ChartFigure.tsx';
import { StackedBarChart } from './StackedBarChart.tsx';

const chart = (
  <StackedBarChart
    title="Members by role"
    series={['Members', 'Admins']}
    bars={[
      { label: 'This month', values: [30, 10] },
      { label: 'Last month', values: [20, null] },
    ]}
    formatValue={String}
  />
);

describe('StackedBarChart', () => {
  it('is a figure named by its title that writes each bar’s total and its parts in words', () => {
    render(chart);
    expect(screen.getByRole('figure', { name: 'Members by role' })).toBeInTheDocument();
    expect(screen.getByText('40')).toBeInTheDocument();
    expect(screen.getByText('Members 30 · Admins 10')).toBeInTheDocument();
    // A withheld part says so and adds nothing to the total.
    expect(screen.getByText('Members 20 · Admins —')).toBeInTheDocument();
    expect(screen.getByText('20')).toBeInTheDocument();
  });

  it('draws each bar as long as its total against the largest, split by its parts', () => {
    render(chart);
    const [longest, shorter] = screen
      .getAllByText(/^Members \d+ · Admins/)
      .map((words) => words.previousElementSibling!.firstElementChild as HTMLElement);
    expect(longest).toHaveStyle({ width: '100%' });
    expect(shorter).toHaveStyle({ width: '50%' });
    expect([...longest!.children].map((part) => (part as HTMLElement).style.flexGrow)).toEqual(['30', '10']);
    expect(shorter!.children).toHaveLength(1);
  });

  it('in a ChartFigure, "Show as table" swaps the bars for their numbers', async () => {
    const user = userEvent.setup();
    render(
      <ChartFigure
        chart={chart}
        table={{
          caption: 'Members by role',
          headers: ['Month', 'Members', 'Admins'],
          rows: [
            ['This month', '30', '10'],
            ['Last month', '20', 'withheld'],
          ],
        }}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Show as table' }));
    expect(screen.queryByRole('figure', { name: 'Members by role' })).not.toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'Last month' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'withheld' })).toBeInTheDocument();
  });
});
