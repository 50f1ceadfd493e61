import { useId } from 'react';
import { barWidth } from './scale.ts';

export interface Bar {
  label: string;
  value: number | null;
}

interface BarChartProps {
  title: string;
  bars: readonly Bar[];
  formatValue: (value: number) => string;
}

/**
 * Horizontal bars in plain HTML (no SVG needed): labels stay real text that wraps at 320 px, and each bar's
 * width is its share of the largest. Hidden from screen readers, which read the table beside it.
 */
export function BarChart({ title, bars, formatValue }: BarChartProps) {
  const titleId = useId();
  const max = Math.max(1, ...bars.map((bar) => bar.value ?? 0));
  return (
    <figure aria-labelledby={titleId} className="space-y-2">
      <figcaption id={titleId} className="sr-only">
        {title}
      </figcaption>
      <ul aria-hidden="true" className="space-y-2">
        {bars.map((bar) => (
          <li key={bar.label} className="space-y-1">
            <div className="flex justify-between gap-2 text-sm">
              <span className="min-w-0 break-words text-slate-800">{bar.label}</span>
              <span className="shrink-0 font-medium text-slate-900">
                {bar.value === null ? '—' : formatValue(bar.value)}
              </span>
            </div>
            <div className="h-2.5 rounded-full bg-slate-100">
              <div className="h-2.5 rounded-full bg-brand-600" style={{ width: barWidth(bar.value, max) }} />
            </div>
          </li>
        ))}
      </ul>
    </figure>
  );
}
