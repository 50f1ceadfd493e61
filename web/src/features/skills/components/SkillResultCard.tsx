import type { ReactNode } from 'react';
import { skillAreaLabel, skillLevelLabel, type SkillResult } from '@uplift/contracts';
import { ScoreBand } from './ScoreBand.tsx';

/** One skill's score, level, error band and (by tier) percentile; `children` go below (sharing it). */
export function SkillResultCard({ result, children }: { result: SkillResult; children?: ReactNode }) {
  return (
    <li className="space-y-2 rounded-xl bg-white p-4 shadow-sm">
      <h3 className="flex items-baseline justify-between gap-2 text-slate-900">
        <span className="font-semibold">{skillAreaLabel(result.skill)}</span>
        <span className="text-2xl font-bold">{result.score}</span>
      </h3>
      <ScoreBand score={result.score} low={result.bandLow} high={result.bandHigh} />
      <p className="text-sm text-slate-700">
        {skillLevelLabel(result.level)} · likely between {result.bandLow} and {result.bandHigh} (90 %) ·{' '}
        {result.correctCount} of {result.itemsAnswered} right
        {result.percentile !== null && ` · higher than ${result.percentile} % of members`}
      </p>
      {children}
    </li>
  );
}
