interface ChartTableProps {
  caption: string;
  headers: readonly string[];
  rows: ReadonlyArray<readonly string[]>;
}

/**
 * The numbers behind a chart, as a real table for screen readers (visually hidden). The hiding is on a
 * wrapper: a table ignores `sr-only`'s 1 px width and would widen the page on a phone.
 */
export function ChartTable({ caption, headers, rows }: ChartTableProps) {
  return (
    <div className="sr-only">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {headers.map((header) => (
              <th key={header} scope="col">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row[0]}>
              {row.map((cell, index) =>
                index === 0 ? (
                  <th key={index} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={index}>{cell}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
