import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { skillAreaLabel, skillLevelLabel } from '@uplift/contracts';
import { LoadAlert } from '../../../ui/LoadAlert.tsx';
import { useCurrentUser } from '../../auth/index.ts';
import { resultsQueryOptions } from '../api/getResults.ts';
import { ScoreBand } from './ScoreBand.tsx';

/** The signed-in member's latest result per skill (the profile's skills panel). */
export function SkillsPanel() {
  const user = useCurrentUser();
  const results = useQuery({ ...resultsQueryOptions(user?.id ?? ''), enabled: Boolean(user) });
  const latest = results.data?.latest ?? [];
  return (
    <section aria-labelledby="skills-panel-title" className="space-y-3 rounded-2xl bg-white p-4 shadow-sm">
      <h2 id="skills-panel-title" className="text-lg font-semibold text-slate-900">
        Skills
      </h2>
      {results.isPending && <p className="text-slate-600">Loading skills…</p>}
      <LoadAlert className="text-slate-700">{results.isError && 'Skills could not be loaded.'}</LoadAlert>
      {results.isSuccess && latest.length === 0 && <p className="text-slate-700">No skills assessed yet.</p>}
      {latest.length > 0 && (
        <ul className="space-y-3">
          {latest.map((result) => (
            <li key={result.skill} className="space-y-1">
              <p className="flex justify-between gap-2 text-slate-900">
                <span className="font-medium">{skillAreaLabel(result.skill)}</span>
                <span>
                  {result.score} · {skillLevelLabel(result.level)}
                </span>
              </p>
              <ScoreBand score={result.score} low={result.bandLow} high={result.bandHigh} />
            </li>
          ))}
        </ul>
      )}
      <Link to="/skills" className="inline-flex min-h-11 items-center font-medium text-brand-700 underline">
        {latest.length > 0 ? 'Assess more skills' : 'Take the skills assessment'}
      </Link>
    </section>
  );
}
