import { useId } from 'react';
import { barWidth, seriesColour } from './scale.ts';

export interface StackedBar {
  label: string;
  /** One value per series, in the series' order; null for a withheld value, drawn as nothing. */
  values: readonly (number | null)[];
}

interface StackedBarChartProps {
  title: string;
  /** The parts every bar is made of, in drawing order (a role, a kind of outcome). */
  series: readonly string[];
  bars: readonly StackedBar[];
  formatValue: (value: number) => string;
}

/**
 * Horizontal bars made of parts, in plain HTML as BarChart (labels stay real text that wraps at 320 px):
 * each bar's length is its total against the largest total, each part a series colour with a gap between
 * parts, and under each bar its parts in words, so a phone reads the values without a legend hunt. Hidden
 * from screen readers, which read the table beside it (ChartFigure).
 */
export function StackedBarChart({ title, series, bars, formatValue }: StackedBarChartProps) {
  const titleId = useId();
  const totalOf = (bar: StackedBar) => bar.values.reduce<number>((sum, value) => sum + (value ?? 0), 0);
  const max = Math.max(1, ...bars.map(totalOf));
  return (
    <figure aria-labelledby={titleId} className="space-y-2">
      <figcaption id={titleId} className="sr-only">
        {title}
      </figcaption>
      <ul aria-hidden="true" className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-slate-800">
        {series.map((name, index) => (
          <li key={name} className="flex items-center gap-1">
            <span className="inline-block size-3 rounded-full" style={{ background: seriesColour(index) }} />
            {name}
          </li>
        ))}
      </ul>
      <ul aria-hidden="true" className="space-y-3">
        {bars.map((bar) => {
          const total = totalOf(bar);
          return (
            <li key={bar.label} className="space-y-1">
              <div className="flex justify-between gap-2 text-sm">
                <span className="min-w-0 break-words text-slate-800">{bar.label}</span>
                <span className="shrink-0 font-medium text-slate-900 tabular-nums">{formatValue(total)}</span>
              </div>
              <div className="h-3 rounded-full bg-slate-100">
                <div
                  className="flex h-3 gap-px overflow-hidden rounded-full"
                  style={{ width: barWidth(total, max) }}
                >
                  {bar.values.map((value, index) =>
                    value ? (
                      <span
                        key={series[index]}
                        className="h-full"
                        style={{ flexGrow: value, flexBasis: 0, background: seriesColour(index) }}
                      />
                    ) : null,
                  )}
                </div>
              </div>
              <p className="text-sm text-slate-700 tabular-nums">
                {series
                  .map((name, index) => {
                    const value = bar.values[index];
                    return `${name} ${value == null ? '—' : formatValue(value)}`;
                  })
                  .join(' · ')}
              </p>
            </li>
          );
        })}
      </ul>
    </figure>
  );
}
