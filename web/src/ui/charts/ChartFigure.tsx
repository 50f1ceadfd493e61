import { useState, type ReactNode } from 'react';
import { Button } from '../Button.tsx';
import { ChartTable, type ChartTableProps } from './ChartTable.tsx';

interface ChartFigureProps {
  /** The drawn chart: an image to screen readers, named by its title. */
  chart: ReactNode;
  /** The same numbers as a table: read by screen readers beside the chart, shown instead of it on demand. */
  table: ChartTableProps;
}

/**
 * A chart with its numbers: a visible "Show as table" toggle swaps the drawing for the table, for anyone
 * who reads figures better than lines (or cannot tell a chart's colours apart). Screen readers always have
 * the table.
 */
export function ChartFigure({ chart, table }: ChartFigureProps) {
  const [asTable, setAsTable] = useState(false);
  return (
    <div className="space-y-2">
      {asTable ? <ChartTable {...table} visible /> : chart}
      {asTable ? null : <ChartTable {...table} />}
      <Button variant="ghost" size="sm" aria-pressed={asTable} onClick={() => setAsTable(!asTable)}>
        Show as table
      </Button>
    </div>
  );
}
