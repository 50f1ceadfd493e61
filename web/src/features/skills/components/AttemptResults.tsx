import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { LoadAlert } from '../../../ui/LoadAlert.tsx';
import { resultQueryOptions } from '../api/getResult.ts';
import type { SkillResults } from '@uplift/contracts';
import { AnswerReview } from './AnswerReview.tsx';
import { Recommendations } from './Recommendations.tsx';
import { ShareResult } from './ShareResult.tsx';
import { SkillResultCard } from './SkillResultCard.tsx';
import { StudyPlan } from './StudyPlan.tsx';
import { conceptGaps, studyPlan } from './studyPlan.ts';

const HistoryChart = lazy(() => import('./HistoryChart.tsx'));

interface AttemptResultsProps {
  userId: string;
  attemptId: string;
  history: SkillResults['history'];
  /** The member's latest result per skill: only those can be shared (a share shows the latest). */
  latest: SkillResults['latest'];
  /**
   * The member has just answered the last question: the results take the focus once they are in, so a
   * screen reader reads them out and the keyboard starts there (the question that had it is gone).
   */
  takeFocus?: boolean;
}

/**
 * "Your results", gaps first: score, level and band per skill from the weakest up, a study plan ordered
 * by gap, the missed questions by concept, then recommendations and history by tier.
 */
export function AttemptResults({
  userId,
  attemptId,
  history,
  latest,
  takeFocus = false,
}: AttemptResultsProps) {
  const result = useQuery(resultQueryOptions(userId, attemptId));
  const heading = useRef<HTMLHeadingElement>(null);
  const loaded = result.data !== undefined;
  useEffect(() => {
    if (takeFocus && loaded) heading.current?.focus();
  }, [takeFocus, loaded]);
  if (result.isPending || result.isError) {
    return (
      <>
        {result.isPending && <p className="text-slate-700">Loading your results…</p>}
        <LoadAlert>{result.isError && 'Your results could not be loaded.'}</LoadAlert>
      </>
    );
  }
  const { results, review, timeSpentSeconds } = result.data;
  const weakestFirst = [...results].sort((x, y) => x.score - y.score);
  const gaps = conceptGaps(review, results);
  return (
    <div className="space-y-8">
      <section aria-labelledby="results-title" className="space-y-3">
        <h2
          ref={heading}
          id="results-title"
          tabIndex={-1}
          className="text-xl font-semibold text-slate-900 outline-none"
        >
          Your results
        </h2>
        <p className="text-sm text-slate-700">
          Scores run from 0 to 300; the shaded band is where your score likely lies. Time spent:{' '}
          {Math.max(1, Math.round(timeSpentSeconds / 60))} min.
        </p>
        <ul className="space-y-3">
          {weakestFirst.map((skill) => (
            <SkillResultCard key={skill.skill} result={skill}>
              {latest.some((own) => own.skill === skill.skill && own.completedAt === skill.completedAt) && (
                <ShareResult userId={userId} result={skill} />
              )}
            </SkillResultCard>
          ))}
        </ul>
      </section>
      <StudyPlan steps={studyPlan(gaps, results)} />
      <AnswerReview gaps={gaps} />
      <Recommendations userId={userId} />
      {history && history.length > 0 && (
        <section aria-labelledby="history-title" className="space-y-3">
          <h2 id="history-title" className="text-xl font-semibold text-slate-900">
            Your history
          </h2>
          <Suspense fallback={<p className="text-slate-700">Loading the chart…</p>}>
            <HistoryChart history={history} />
          </Suspense>
        </section>
      )}
    </div>
  );
}
