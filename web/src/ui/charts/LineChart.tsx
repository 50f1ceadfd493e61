import { useId } from 'react';

export interface LinePoint {
  label: string;
  /** Null for a withheld value: the line breaks there. */
  value: number | null;
}

interface LineChartProps {
  title: string;
  points: readonly LinePoint[];
  formatValue: (value: number) => string;
}

const width = 320;
const height = 140;
const pad = { top: 12, right: 8, bottom: 22, left: 8 };

/**
 * A small trend line drawn as plain SVG (about 1 KB, docs/decisions/0014): an image to screen readers,
 * named by its title; the table beside it (ChartTable) carries the numbers.
 */
export function LineChart({ title, points, formatValue }: LineChartProps) {
  const titleId = useId();
  const values = points.map((point) => point.value).filter((value): value is number => value !== null);
  const max = Math.max(1, ...values);
  const x = (index: number) =>
    pad.left + (index * (width - pad.left - pad.right)) / Math.max(1, points.length - 1);
  const y = (value: number) => pad.top + (1 - value / max) * (height - pad.top - pad.bottom);
  // Separate segments around withheld months, so the chart never invents a value for them.
  const segments: string[] = [];
  let current = '';
  points.forEach((point, index) => {
    if (point.value === null) {
      if (current) segments.push(current);
      current = '';
      return;
    }
    current += `${current ? 'L' : 'M'}${x(index).toFixed(1)},${y(point.value).toFixed(1)}`;
  });
  if (current) segments.push(current);
  const last = [...points].reverse().find((point) => point.value !== null);

  return (
    <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-labelledby={titleId} className="h-auto w-full">
      <title id={titleId}>
        {`${title}${last?.value != null ? `, latest ${formatValue(last.value)} in ${last.label}` : ''}`}
      </title>
      <line
        x1={pad.left}
        x2={width - pad.right}
        y1={height - pad.bottom}
        y2={height - pad.bottom}
        className="stroke-slate-300"
      />
      {segments.map((d) => (
        <path
          key={d}
          d={d}
          fill="none"
          strokeWidth={2.5}
          strokeLinejoin="round"
          className="stroke-brand-600"
        />
      ))}
      {points.map((point, index) =>
        point.value === null ? null : (
          <circle key={point.label} cx={x(index)} cy={y(point.value)} r={3} className="fill-brand-600" />
        ),
      )}
      {points.map((point, index) =>
        index % 3 === 0 || index === points.length - 1 ? (
          <text
            key={point.label}
            x={x(index)}
            y={height - 6}
            textAnchor="middle"
            className="fill-slate-600 text-[10px]"
          >
            {point.label}
          </text>
        ) : null,
      )}
    </svg>
  );
}
