import { Link, useLocation } from 'react-router';
import { skillAreaLabel, skillLevelLabel } from '@uplift/contracts';
import { backState } from '../../../ui/BackLink.tsx';
import type { StudyStep } from './studyPlan.ts';

const kindLabel = { video: 'Watch', knowledge: 'Read' } as const;

/** What to study next, the biggest gap first: one short step per skill, each with where to start. */
export function StudyPlan({ steps }: { steps: StudyStep[] }) {
  const location = useLocation();
  if (steps.length === 0) return null;
  return (
    <section aria-labelledby="plan-title" className="space-y-3">
      <h2 id="plan-title" className="text-xl font-semibold text-slate-900">
        Your study plan
      </h2>
      <ol className="space-y-3">
        {steps.map(({ result, concepts, links }, index) => (
          <li key={result.skill} className="space-y-1 rounded-xl bg-white p-4 shadow-sm">
            <h3 className="font-semibold text-slate-900">
              {index + 1}. {skillAreaLabel(result.skill)}
            </h3>
            <p className="text-sm text-slate-700">
              {result.score}, {skillLevelLabel(result.level).toLowerCase()} · work on{' '}
              {concepts.map((concept) => concept.title).join(', ')}
            </p>
            {links.length > 0 && (
              <ul aria-label={`Start ${skillAreaLabel(result.skill)}`}>
                {links.map((link) => (
                  <li key={`${link.kind}-${link.id}`}>
                    <Link
                      to={link.href}
                      state={backState(location, 'your results')}
                      className="inline-block min-h-11 py-2 text-brand-700 underline"
                    >
                      {kindLabel[link.kind]}: {link.title}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
