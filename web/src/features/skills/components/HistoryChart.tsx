import { skillAreaLabel, skillScale, type SkillAreaId, type SkillHistoryPoint } from '@uplift/contracts';
import { formatMoment } from '../../../lib/format/dateTime.ts';
import { ChartFigure } from '../../../ui/charts/ChartFigure.tsx';
import { seriesColour } from '../../../ui/charts/scale.ts';

const width = 320;
const height = 180;
const pad = { left: 32, right: 8, top: 8, bottom: 24 };

/**
 * Scores over time per skill as plain SVG lines (lazy-loaded with the results), with the same figures
 * in a table for screen readers, for print, and on screen at a tap (ChartFigure).
 */
export default function HistoryChart({ history }: { history: SkillHistoryPoint[] }) {
  const times = history.map((point) => new Date(point.completedAt).getTime());
  const first = Math.min(...times);
  const span = Math.max(1, Math.max(...times) - first);
  const x = (iso: string) =>
    pad.left + ((new Date(iso).getTime() - first) / span) * (width - pad.left - pad.right);
  const y = (score: number) =>
    pad.top +
    (1 - (score - skillScale.min) / (skillScale.max - skillScale.min)) * (height - pad.top - pad.bottom);
  const skills = [...new Set(history.map((point) => point.skill))] as SkillAreaId[];
  return (
    <ChartFigure
      chart={
        <div className="space-y-2">
          <svg viewBox={`0 0 ${width} ${height}`} className="w-full" aria-hidden="true">
            {[0, 100, 200, 300].map((tick) => (
              <g key={tick}>
                <line
                  x1={pad.left}
                  x2={width - pad.right}
                  y1={y(tick)}
                  y2={y(tick)}
                  className="stroke-slate-200"
                />
                <text
                  x={pad.left - 4}
                  y={y(tick) + 4}
                  textAnchor="end"
                  fontSize="10"
                  className="fill-slate-600"
                >
                  {tick}
                </text>
              </g>
            ))}
            {skills.map((skill, index) => {
              const points = history.filter((point) => point.skill === skill);
              // One colour per skill from the theme's chart series, so each line reads on both backgrounds.
              const colour = seriesColour(index);
              return (
                <g key={skill}>
                  <polyline
                    fill="none"
                    style={{ stroke: colour }}
                    strokeWidth="2"
                    points={points.map((point) => `${x(point.completedAt)},${y(point.score)}`).join(' ')}
                  />
                  {points.map((point) => (
                    <circle
                      key={point.completedAt}
                      cx={x(point.completedAt)}
                      cy={y(point.score)}
                      r="3"
                      style={{ fill: colour }}
                    />
                  ))}
                </g>
              );
            })}
          </svg>
          <div>
            <ul className="flex flex-wrap gap-3 text-sm text-slate-700" aria-hidden="true">
              {skills.map((skill, index) => (
                <li key={skill} className="flex items-center gap-1">
                  <span
                    className="inline-block size-3 rounded-full"
                    style={{ background: seriesColour(index) }}
                  />
                  {skillAreaLabel(skill)}
                </li>
              ))}
            </ul>
          </div>
        </div>
      }
      table={{
        caption: 'Scores over time',
        headers: ['Date', 'Skill', 'Score', 'Likely range'],
        rows: history.map((point) => [
          formatMoment(point.completedAt, 'date'),
          skillAreaLabel(point.skill),
          String(point.score),
          `${point.bandLow}–${point.bandHigh}`,
        ]),
      }}
    />
  );
}
