import { useId } from 'react';

const size = 120;
const stroke = 12;
const radius = (size - stroke) / 2;
const circumference = 2 * Math.PI * radius;

/** A share as a ring, hand-written SVG (decision 0018); the caption and table beside it carry the numbers. */
export function ProgressRing({ title, part, whole }: { title: string; part: number; whole: number }) {
  const titleId = useId();
  const share = whole > 0 ? Math.min(1, part / whole) : 0;
  const percent = Math.round(share * 100);
  return (
    <svg viewBox={`0 0 ${size} ${size}`} role="img" aria-labelledby={titleId} className="h-32 w-32 shrink-0">
      <title id={titleId}>{`${title}: ${percent}% (${part} of ${whole})`}</title>
      <circle
        cx={size / 2}
        cy={size / 2}
        r={radius}
        fill="none"
        strokeWidth={stroke}
        className="stroke-slate-200"
      />
      <circle
        cx={size / 2}
        cy={size / 2}
        r={radius}
        fill="none"
        strokeWidth={stroke}
        strokeLinecap="round"
        strokeDasharray={`${share * circumference} ${circumference}`}
        transform={`rotate(-90 ${size / 2} ${size / 2})`}
        className="stroke-brand-600"
      />
      <text
        x="50%"
        y="50%"
        dominantBaseline="central"
        textAnchor="middle"
        className="fill-slate-900 text-2xl font-bold"
      >
        {`${percent}%`}
      </text>
    </svg>
  );
}
