import { useId } from 'react';

export interface Series {
  label: string;
  values: readonly number[];
  /** Tailwind stroke class of the line. */
  stroke: string;
  /** Dashed lines tell series apart without relying on colour alone. */
  dashed?: boolean;
}

const width = 320;
const height = 150;
const pad = { top: 10, right: 8, bottom: 22, left: 28 };

/**
 * Several daily series on one set of axes, hand-written SVG like the impact panel's (decision 0018): an
 * image named by its title for screen readers, with a legend; the table beside it carries the numbers.
 */
export function SeriesChart({
  title,
  days,
  series,
}: {
  title: string;
  days: readonly string[];
  series: readonly Series[];
}) {
  const titleId = useId();
  const max = Math.max(1, ...series.flatMap((line) => line.values));
  const x = (index: number) =>
    pad.left + (index * (width - pad.left - pad.right)) / Math.max(1, days.length - 1);
  const y = (value: number) => pad.top + (1 - value / max) * (height - pad.top - pad.bottom);
  const totals = series.map((line) => `${line.label} ${line.values.reduce((sum, value) => sum + value, 0)}`);
  const labelEvery = Math.ceil(days.length / 4);
  return (
    <figure className="space-y-2">
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-labelledby={titleId} className="h-auto w-full">
        <title id={titleId}>{`${title}. Totals: ${totals.join(', ')}`}</title>
        <line
          x1={pad.left}
          x2={width - pad.right}
          y1={height - pad.bottom}
          y2={height - pad.bottom}
          className="stroke-slate-300"
        />
        <text x={pad.left - 4} y={pad.top + 4} textAnchor="end" className="fill-slate-600 text-[10px]">
          {max}
        </text>
        <text
          x={pad.left - 4}
          y={height - pad.bottom}
          textAnchor="end"
          className="fill-slate-600 text-[10px]"
        >
          0
        </text>
        {series.map((line) => (
          <path
            key={line.label}
            d={line.values
              .map((value, index) => `${index ? 'L' : 'M'}${x(index).toFixed(1)},${y(value).toFixed(1)}`)
              .join('')}
            fill="none"
            strokeWidth={2}
            strokeLinejoin="round"
            strokeDasharray={line.dashed ? '5 3' : undefined}
            className={line.stroke}
          />
        ))}
        {days.map((day, index) =>
          index % labelEvery === 0 || index === days.length - 1 ? (
            <text
              key={day}
              x={x(index)}
              y={height - 6}
              textAnchor="middle"
              className="fill-slate-600 text-[10px]"
            >
              {day.slice(5)}
            </text>
          ) : null,
        )}
      </svg>
      <figcaption aria-hidden="true" className="flex flex-wrap gap-3 text-sm text-slate-700">
        {series.map((line) => (
          <span key={line.label} className="inline-flex items-center gap-1.5">
            <svg width="20" height="8" aria-hidden="true">
              <line
                x1="0"
                x2="20"
                y1="4"
                y2="4"
                strokeWidth={2}
                strokeDasharray={line.dashed ? '5 3' : undefined}
                className={line.stroke}
              />
            </svg>
            {line.label}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
