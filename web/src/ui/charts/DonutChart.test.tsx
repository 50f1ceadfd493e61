import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ChartFigure } from './ChartFigure.tsx';
import { DonutChart } from './DonutChart.tsx';

const slices = [
  { label: 'Completed', value: 3 },
  { label: 'Not yet', value: 1, rest: true },
];

describe('DonutChart', () => {
  it('names every part with its value and share, and writes them beside the ring for the eye', () => {
    render(<DonutChart title="Members assessed" slices={slices} formatValue={String} />);
    expect(
      screen.getByRole('img', { name: 'Members assessed: Completed 3 (75%), Not yet 1 (25%)' }),
    ).toBeInTheDocument();
    // The hole says the first part's share; the list beside says each part.
    expect(screen.getByText('75%')).toBeInTheDocument();
    expect(screen.getByText('3 · 75%')).toBeInTheDocument();
    expect(screen.getByText('1 · 25%')).toBeInTheDocument();
  });

  it('draws a part per slice but the rest as the empty track, and says 0% of nothing', () => {
    const { container, rerender } = render(
      <DonutChart title="Members assessed" slices={slices} formatValue={String} />,
    );
    // The track and the one coloured part: "Not yet" is the track showing through.
    expect(container.querySelectorAll('circle')).toHaveLength(2);

    rerender(
      <DonutChart
        title="Members assessed"
        slices={[
          { label: 'Completed', value: 0 },
          { label: 'Not yet', value: 0, rest: true },
        ]}
        formatValue={String}
        summary="0% (0 of 0)"
      />,
    );
    expect(screen.getByRole('img', { name: 'Members assessed: 0% (0 of 0)' })).toBeInTheDocument();
    expect(container.querySelectorAll('circle')).toHaveLength(1);
  });

  it('in a ChartFigure, "Show as table" swaps the ring for its numbers', async () => {
    const user = userEvent.setup();
    render(
      <ChartFigure
        chart={<DonutChart title="Members assessed" slices={slices} formatValue={String} />}
        table={{
          caption: 'Members assessed',
          headers: ['Measure', 'Members'],
          rows: [
            ['Completed', '3'],
            ['Not yet', '1'],
          ],
        }}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Show as table', pressed: false }));
    expect(screen.queryByRole('img', { name: /^Members assessed/ })).not.toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Members assessed' }).parentElement).not.toHaveClass('sr-only');
    expect(screen.getByRole('cell', { name: '3' })).toBeInTheDocument();
  });
});
