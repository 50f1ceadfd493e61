import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BarChart } from './BarChart.tsx';
import { ChartFigure } from './ChartFigure.tsx';

const table = {
  caption: 'Outcomes by type',
  headers: ['Outcome', 'Count'],
  rows: [
    ['New job', '12'],
    ['Promotion', '7'],
  ],
};

describe('ChartFigure', () => {
  it('shows the chart with its table for screen readers; "Show as table" swaps in the table, on screen', async () => {
    const user = userEvent.setup();
    render(
      <ChartFigure
        chart={
          <BarChart
            title="Outcomes by type"
            bars={[
              { label: 'New job', value: 12 },
              { label: 'Promotion', value: 7 },
            ]}
            formatValue={String}
          />
        }
        table={table}
      />,
    );
    expect(screen.getByRole('figure', { name: 'Outcomes by type' })).toBeInTheDocument();
    // Read by screen readers, hidden from the eye.
    expect(screen.getByRole('table', { name: 'Outcomes by type' }).parentElement).toHaveClass('sr-only');

    const toggle = screen.getByRole('button', { name: 'Show as table', pressed: false });
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('figure', { name: 'Outcomes by type' })).not.toBeInTheDocument();
    const shown = screen.getByRole('table', { name: 'Outcomes by type' });
    expect(shown.parentElement).not.toHaveClass('sr-only');
    expect(screen.getByRole('rowheader', { name: 'Promotion' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show as table', pressed: true })).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(screen.getByRole('figure', { name: 'Outcomes by type' })).toBeInTheDocument();
  });
});
