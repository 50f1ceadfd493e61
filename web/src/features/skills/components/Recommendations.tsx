import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import { skillAreaLabel, skillLevelLabel } from '@uplift/contracts';
import { backState } from '../../../ui/BackLink.tsx';
import { recommendationsQueryOptions } from '../api/getRecommendations.ts';

const kindLabel = { video: 'Watch', knowledge: 'Read', partner: 'Contact' } as const;

/**
 * For the weakest skills: a video to watch, a knowledge point to read, a partner to contact; one line
 * each, as the study plan's links (cards with summaries made the results page several screens long).
 */
export function Recommendations({ userId }: { userId: string }) {
  const recommendations = useQuery(recommendationsQueryOptions(userId));
  const location = useLocation();
  const skills = recommendations.data?.skills ?? [];
  return (
    <section aria-labelledby="recommendations-title" className="space-y-3">
      <h2 id="recommendations-title" className="text-xl font-semibold text-slate-900">
        Recommended for you
      </h2>
      {recommendations.isPending && <p className="text-slate-700">Loading recommendations…</p>}
      {recommendations.isSuccess && skills.length === 0 && (
        <p className="text-slate-700">Take an assessment to get recommendations.</p>
      )}
      {skills.map((skill) => (
        <div key={skill.skill} className="space-y-2">
          <h3 className="font-semibold text-slate-900">
            {skillAreaLabel(skill.skill)} ({skill.score}, {skillLevelLabel(skill.level)})
          </h3>
          <ul>
            {skill.items.map((item) => (
              <li key={`${item.kind}-${item.id}`}>
                <Link
                  to={item.href}
                  state={backState(location, 'your results')}
                  className="inline-block min-h-11 py-2 text-brand-700 underline"
                >
                  {kindLabel[item.kind]}: {item.title}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
