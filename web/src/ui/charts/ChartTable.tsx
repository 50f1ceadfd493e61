export interface ChartTableProps {
  caption: string;
  headers: readonly string[];
  rows: ReadonlyArray<readonly string[]>;
  /** Shown on screen (ChartFigure's "Show as table"); otherwise read by screen readers only. */
  visible?: boolean;
}

/**
 * The numbers behind a chart, as a real table. Hidden, the hiding is on a wrapper: a table ignores
 * `sr-only`'s 1 px width and would widen the page on a phone. Shown, it scrolls sideways on its own.
 */
export function ChartTable({ caption, headers, rows, visible = false }: ChartTableProps) {
  return (
    <div
      className={visible ? 'overflow-x-auto' : 'sr-only print:not-sr-only'}
      // Shown, it may scroll sideways on a phone: a keyboard reaches it, and it is named as it is entered.
      {...(visible ? { tabIndex: 0, role: 'group', 'aria-label': caption } : {})}
    >
      <table className={visible ? 'w-full text-left text-sm text-ink' : undefined}>
        <caption className={visible ? 'pb-1 text-left font-medium text-ink-muted' : undefined}>
          {caption}
        </caption>
        <thead>
          <tr className={visible ? 'border-b border-line' : undefined}>
            {headers.map((header) => (
              <th key={header} scope="col" className={visible ? 'py-2 pr-3 font-semibold' : undefined}>
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, rowIndex) => (
            <tr key={rowIndex} className={visible ? 'border-b border-line' : undefined}>
              {row.map((cell, index) =>
                index === 0 ? (
                  <th key={index} scope="row" className={visible ? 'py-2 pr-3 font-medium' : undefined}>
                    {cell}
                  </th>
                ) : (
                  <td key={index} className={visible ? 'py-2 pr-3 tabular-nums' : undefined}>
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
