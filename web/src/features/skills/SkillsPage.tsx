import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { SkillAreaId } from '@uplift/contracts';
import { HttpError } from '../../lib/http/index.ts';
import { useCurrentUser } from '../auth/index.ts';
import { resultsQueryOptions } from './api/getResults.ts';
import { skillsKeys } from './api/keys.ts';
import { useStartAssessment } from './api/startAssessment.ts';
import { AttemptResults } from './components/AttemptResults.tsx';
import { AttemptView } from './components/AttemptView.tsx';
import { SkillPicker } from './components/SkillPicker.tsx';
import { ShareResult } from './components/ShareResult.tsx';
import { SkillResultCard } from './components/SkillResultCard.tsx';
import { Button } from '../../ui/Button.tsx';
import { LoadAlertWithRetry } from '../../ui/LoadAlert.tsx';

// A knowledge point opens from a recommendation, and it alone draws Markdown: the renderer (27 KB gzip) loads
// then, not with the page.
const KnowledgePointView = lazy(() =>
  import('./components/KnowledgePointView.tsx').then((module) => ({ default: module.KnowledgePointView })),
);

/** /skills: choose, take (resuming an attempt in progress), then results, review and recommendations. */
export default function SkillsPage() {
  const user = useCurrentUser();
  const userId = user?.id ?? '';
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const results = useQuery({ ...resultsQueryOptions(userId), enabled: Boolean(user) });
  const start = useStartAssessment(userId);
  const knowledge = params.get('knowledge');
  const shownAttempt = params.get('attempt');
  const active = results.data?.activeAttemptId ?? null;
  const attemptId = shownAttempt ?? active;

  // The attempt finished on this screen (not one opened from the history): its results take the focus.
  const [finishedHere, setFinishedHere] = useState<string | null>(null);
  const completed = useCallback(() => {
    setFinishedHere(attemptId);
    void queryClient.invalidateQueries({ queryKey: skillsKeys.results(userId) });
    void queryClient.invalidateQueries({ queryKey: skillsKeys.recommendations(userId) });
  }, [queryClient, userId, attemptId]);

  function begin(skills: SkillAreaId[]) {
    start.mutate(skills, { onSuccess: (state) => setParams({ attempt: state.id }) });
  }
  const startError =
    start.error instanceof HttpError
      ? start.error.statusMessage
      : start.error
        ? 'The assessment could not start: it needs a connection.'
        : null;

  return (
    <div className="space-y-6 py-4">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Skills Assessment</h1>
      {knowledge && (
        <Suspense fallback={<p className="text-slate-700">Loading…</p>}>
          <KnowledgePointView slug={knowledge} />
        </Suspense>
      )}
      {results.isPending && <p className="text-slate-700">Loading…</p>}
      <LoadAlertWithRetry
        failure={results.isError ? 'Your results could not be loaded.' : null}
        onRetry={() => void results.refetch()}
        alertClassName="text-slate-800"
      />
      {results.data && attemptId && attemptId === active && (
        <AttemptView userId={userId} attemptId={attemptId} onComplete={completed} />
      )}
      {results.data && attemptId && attemptId !== active && (
        <>
          <AttemptResults
            userId={userId}
            attemptId={attemptId}
            history={results.data.history}
            latest={results.data.latest}
            takeFocus={finishedHere === attemptId}
          />
          <Button variant="secondary" block onClick={() => setParams({})}>
            Assess other skills
          </Button>
        </>
      )}
      {results.data && !attemptId && (
        <>
          {results.data.latest.length > 0 && (
            <section aria-labelledby="latest-title" className="space-y-3">
              <h2 id="latest-title" className="text-xl font-semibold text-slate-900">
                Your latest results
              </h2>
              <ul className="space-y-3">
                {results.data.latest.map((result) => (
                  <SkillResultCard key={result.skill} result={result}>
                    <ShareResult userId={userId} result={result} />
                  </SkillResultCard>
                ))}
              </ul>
            </section>
          )}
          <SkillPicker
            latest={results.data.latest}
            onStart={begin}
            busy={start.isPending}
            error={startError}
          />
        </>
      )}
    </div>
  );
}
