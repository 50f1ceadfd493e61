import { skillScale } from '@uplift/contracts';

/** The score on the 0–300 scale with its error band, drawn as a bar; the label says it in words. */
export function ScoreBand({ score, low, high }: { score: number; low: number; high: number }) {
  const x = (value: number) => (100 * (value - skillScale.min)) / (skillScale.max - skillScale.min);
  return (
    <svg
      viewBox="0 0 100 8"
      preserveAspectRatio="none"
      className="h-3 w-full"
      role="img"
      aria-label={`Score ${score} of ${skillScale.max}, likely between ${low} and ${high}`}
    >
      <rect x="0" y="2" width="100" height="4" rx="2" className="fill-slate-200" />
      <rect
        x={x(low)}
        y="1"
        width={Math.max(1, x(high) - x(low))}
        height="6"
        rx="2"
        className="fill-brand-100"
      />
      <rect x={x(score) - 0.75} y="0" width="1.5" height="8" className="fill-brand-700" />
    </svg>
  );
}
