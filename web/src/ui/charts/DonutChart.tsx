import { useId } from 'react';
import { percentOf, seriesColour } from './scale.ts';

export interface DonutSlice {
  label: string;
  value: number;
  /** The part that is left (not yet, no answer): drawn as the empty track, not in a series colour. */
  rest?: boolean;
}

interface DonutChartProps {
  title: string;
  slices: readonly DonutSlice[];
  formatValue: (value: number) => string;
  /** What screen readers hear after the title; by default every slice with its value and share. */
  summary?: string;
}

const size = 120;
const stroke = 14;
const radius = (size - stroke) / 2;
const circumference = 2 * Math.PI * radius;

/**
 * Parts of a whole as a ring, plain SVG (decision 0018): the first part's share large in the hole, and
 * beside the ring every part in words with its value and share, so nothing is read off an angle or a colour
 * on a phone. To screen readers it is an image named by its title; the table beside it (ChartFigure)
 * carries every number.
 */
export function DonutChart({ title, slices, formatValue, summary }: DonutChartProps) {
  const titleId = useId();
  const total = slices.reduce((sum, slice) => sum + Math.max(0, slice.value), 0);
  const share = (slice: DonutSlice) => percentOf(Math.max(0, slice.value), total);
  const colourOf = (index: number) => (slices[index]?.rest ? undefined : seriesColour(index));
  const spoken =
    summary ??
    slices.map((slice) => `${slice.label} ${formatValue(slice.value)} (${share(slice)}%)`).join(', ');
  // Each part starts where the ones before it end, clockwise from the top.
  const lengths = slices.map((slice) => (total > 0 ? (Math.max(0, slice.value) / total) * circumference : 0));
  const starts = lengths.map((_, index) => lengths.slice(0, index).reduce((sum, length) => sum + length, 0));
  return (
    <div className="flex flex-wrap items-center gap-4">
      <svg viewBox={`0 0 ${size} ${size}`} role="img" aria-labelledby={titleId} className="size-32 shrink-0">
        <title id={titleId}>{`${title}: ${spoken}`}</title>
        <circle
          cx={size / 2}
          cy={size / 2}
          r={radius}
          fill="none"
          strokeWidth={stroke}
          className="stroke-slate-200"
        />
        <g transform={`rotate(-90 ${size / 2} ${size / 2})`}>
          {slices.map((slice, index) => {
            const length = lengths[index] ?? 0;
            const colour = colourOf(index);
            return colour && length > 0 ? (
              <circle
                key={slice.label}
                cx={size / 2}
                cy={size / 2}
                r={radius}
                fill="none"
                strokeWidth={stroke}
                strokeDasharray={`${length} ${circumference - length}`}
                strokeDashoffset={-(starts[index] ?? 0)}
                style={{ stroke: colour }}
              />
            ) : null;
          })}
        </g>
        <text
          x="50%"
          y="50%"
          dominantBaseline="central"
          textAnchor="middle"
          className="fill-slate-900 text-2xl font-bold"
        >
          {slices[0] ? `${share(slices[0])}%` : ''}
        </text>
      </svg>
      {/* The parts in words (under the ring on a phone): hidden from screen readers, which hear the name and the table. */}
      <ul aria-hidden="true" className="min-w-0 flex-1 basis-40 space-y-1 text-sm">
        {slices.map((slice, index) => (
          <li key={slice.label} className="flex items-center gap-2">
            <span
              className={`inline-block size-3 shrink-0 rounded-full ${slice.rest ? 'border border-slate-400 bg-slate-200' : ''}`}
              style={slice.rest ? undefined : { background: colourOf(index) }}
            />
            <span className="min-w-0 break-words text-slate-800">{slice.label}</span>
            <span className="ml-auto shrink-0 font-medium text-slate-900 tabular-nums">
              {`${formatValue(slice.value)} · ${share(slice)}%`}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
