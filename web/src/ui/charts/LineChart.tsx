import { useId, useState, type PointerEvent } from 'react';

/** The line's colour; a dashed line tells series apart without colour alone. */
export type LineTone = 'brand' | 'amber' | 'red' | 'ink';

export interface LineSeries {
  label: string;
  /** One value per label; null for a withheld value: the line breaks there and nothing is invented. */
  values: readonly (number | null)[];
  tone?: LineTone;
  dashed?: boolean;
}

interface LineChartProps {
  title: string;
  /** The x axis: one label per point (a day, a month). */
  labels: readonly string[];
  series: readonly LineSeries[];
  formatValue: (value: number) => string;
  /** What screen readers hear after the title; by default the latest values. */
  summary?: string;
}

const toneClasses: Record<LineTone, { stroke: string; fill: string }> = {
  brand: { stroke: 'stroke-brand-600', fill: 'fill-brand-600' },
  amber: { stroke: 'stroke-amber-600', fill: 'fill-amber-600' },
  red: { stroke: 'stroke-red-700', fill: 'fill-red-700' },
  ink: { stroke: 'stroke-slate-900', fill: 'fill-slate-900' },
};

const width = 320;
const height = 150;
const pad = { top: 10, right: 8, bottom: 22 };
/** Roughly one 10 px glyph of the axis type, in the drawing's units: room for the largest value's label. */
const glyphWidth = 6;
/** About four labels fit under a phone-wide chart. */
const xLabelCount = 4;

/** The path of one series, split around withheld values. */
function segmentsOf(values: readonly (number | null)[], x: (i: number) => number, y: (v: number) => number) {
  const segments: string[] = [];
  let current = '';
  values.forEach((value, index) => {
    if (value === null) {
      if (current) segments.push(current);
      current = '';
      return;
    }
    current += `${current ? 'L' : 'M'}${x(index).toFixed(1)},${y(value).toFixed(1)}`;
  });
  if (current) segments.push(current);
  return segments;
}

/** The labels under the axis: a few evenly spaced and the last, none close enough to the last to collide. */
function xLabelIndexes(count: number): number[] {
  const every = Math.max(1, Math.ceil(count / xLabelCount));
  const indexes: number[] = [];
  for (let index = 0; index < count - 1; index += every) {
    if (count - 1 - index >= every / 2) indexes.push(index);
  }
  if (count > 0) indexes.push(count - 1);
  return indexes;
}

/**
 * One or more lines over the same labels, drawn as plain SVG (decision 0018), readable on a phone
 * (decision 0120): the axis names the largest value and zero, the first and last labels sit inside the
 * drawing, and a tap (or a drag) on the chart reads out every series' value at that point, starting at
 * the latest. To screen readers it is an image named by its title; the table beside it (ChartFigure)
 * carries every number.
 */
export function LineChart({ title, labels, series, formatValue, summary }: LineChartProps) {
  const titleId = useId();
  const values = series.flatMap((line) => line.values).filter((value): value is number => value !== null);
  const max = Math.max(1, ...values);
  const left = formatValue(max).length * glyphWidth + 6;
  const x = (index: number) => left + (index * (width - left - pad.right)) / Math.max(1, labels.length - 1);
  const y = (value: number) => pad.top + (1 - value / max) * (height - pad.top - pad.bottom);
  const latest = labels.findLastIndex((_, index) => series.some((line) => line.values[index] != null));
  const [picked, setPicked] = useState<number | null>(null);
  const shown = picked ?? latest;

  function pick(event: PointerEvent<SVGSVGElement>) {
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width === 0 || labels.length === 0) return;
    const at = ((event.clientX - box.left) / box.width) * width;
    const step = (width - left - pad.right) / Math.max(1, labels.length - 1);
    setPicked(Math.min(labels.length - 1, Math.max(0, Math.round((at - left) / step))));
  }

  const readoutAt = (index: number) =>
    `${labels[index]}: ${series
      .map((line) => {
        const value = line.values[index];
        const text = value == null ? '—' : formatValue(value);
        return series.length > 1 ? `${line.label} ${text}` : text;
      })
      .join(' · ')}`;

  return (
    <div className="space-y-1">
      {/* What a tap shows: hidden from screen readers, which have the whole table. */}
      <p aria-hidden="true" className="min-h-5 text-sm font-medium text-slate-900 tabular-nums">
        {shown < 0 ? null : readoutAt(shown)}
      </p>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-labelledby={titleId}
        className="h-auto w-full touch-pan-y select-none"
        onPointerDown={pick}
        onPointerMove={(event) => {
          if (event.buttons > 0) pick(event);
        }}
      >
        <title id={titleId}>
          {summary ? `${title}. ${summary}` : `${title}${latest < 0 ? '' : `, latest ${readoutAt(latest)}`}`}
        </title>
        <line
          x1={left}
          x2={width - pad.right}
          y1={height - pad.bottom}
          y2={height - pad.bottom}
          className="stroke-slate-300"
        />
        <text x={left - 4} y={pad.top + 4} textAnchor="end" className="fill-slate-600 text-[10px]">
          {formatValue(max)}
        </text>
        <text x={left - 4} y={height - pad.bottom} textAnchor="end" className="fill-slate-600 text-[10px]">
          {formatValue(0)}
        </text>
        {shown >= 0 ? (
          <line
            x1={x(shown)}
            x2={x(shown)}
            y1={pad.top}
            y2={height - pad.bottom}
            className="stroke-slate-400"
            strokeDasharray="2 2"
          />
        ) : null}
        {series.map((line) => {
          const tone = toneClasses[line.tone ?? 'brand'];
          return (
            <g key={line.label}>
              {segmentsOf(line.values, x, y).map((d) => (
                <path
                  key={d}
                  d={d}
                  fill="none"
                  strokeWidth={2.5}
                  strokeLinejoin="round"
                  strokeDasharray={line.dashed ? '5 3' : undefined}
                  className={tone.stroke}
                />
              ))}
              {line.values.map((value, index) =>
                value === null || (series.length > 1 && index !== shown) ? null : (
                  <circle
                    key={labels[index]}
                    cx={x(index)}
                    cy={y(value)}
                    r={index === shown ? 4.5 : 3}
                    className={tone.fill}
                  />
                ),
              )}
            </g>
          );
        })}
        {xLabelIndexes(labels.length).map((index) => (
          <text
            key={labels[index]}
            x={x(index)}
            y={height - 6}
            // The ends inside the drawing: a centred last label is cut off at the edge.
            textAnchor={index === 0 ? 'start' : index === labels.length - 1 ? 'end' : 'middle'}
            className="fill-slate-600 text-[10px]"
          >
            {labels[index]}
          </text>
        ))}
      </svg>
      {series.length > 1 ? (
        <p aria-hidden="true" className="flex flex-wrap gap-3 text-sm text-slate-700">
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
                  className={toneClasses[line.tone ?? 'brand'].stroke}
                />
              </svg>
              {line.label}
            </span>
          ))}
        </p>
      ) : null}
    </div>
  );
}
