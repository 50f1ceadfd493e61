import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { AnswerRequest } from '@uplift/contracts';
import { haptics } from '../../../lib/native/haptics.ts';
import { useIsOnline, useOfflineQueue } from '../../../lib/offline/index.ts';
import { LoadAlert } from '../../../ui/LoadAlert.tsx';
import { answerActionType, answerQuestion } from '../api/answerQuestion.ts';
import { assessmentQueryOptions } from '../api/getAssessment.ts';
import { skillsKeys } from '../api/keys.ts';
import { QuestionCard } from './QuestionCard.tsx';
import { SkillProgressList } from './SkillProgressList.tsx';

interface AttemptViewProps {
  userId: string;
  attemptId: string;
  onComplete: () => void;
}

/**
 * Takes an attempt question by question. Answers are never lost: offline, an answer waits in the queue
 * (with its idempotency key) and the screen says the next question needs a connection; once the queue
 * has sent it, the next question is fetched. A reload resumes at the same question.
 */
export function AttemptView({ userId, attemptId, onComplete }: AttemptViewProps) {
  const queryClient = useQueryClient();
  const online = useIsOnline();
  const state = useQuery(assessmentQueryOptions(userId, attemptId));
  const queuedAnswers = useOfflineQueue().filter(
    (item) => item.type === answerActionType && item.url.includes(`/skills/assessments/${attemptId}/`),
  );
  const queued = queuedAnswers.length;
  // Questions answered here or waiting in the queue: never shown again while the next one loads, even
  // when the last state (kept for offline use) still names one of them.
  const [answeredIds, setAnsweredIds] = useState<ReadonlySet<string>>(new Set());
  const waitingIds = queuedAnswers.map((item) => (item.data as { itemId?: string } | undefined)?.itemId);
  const isAnswered = (id: string) => answeredIds.has(id) || waitingIds.includes(id);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // When the queue has delivered the waiting answers, ask for the next question.
  useEffect(() => {
    if (queued === 0 && online) {
      void queryClient.invalidateQueries({ queryKey: skillsKeys.assessment(userId, attemptId) });
    }
  }, [queued, online, queryClient, userId, attemptId]);

  const completed = state.data?.status === 'completed';
  useEffect(() => {
    if (completed) onComplete();
  }, [completed, onComplete]);

  async function answer(choice: AnswerRequest['choice'], timeSpentMs: number) {
    const item = state.data?.item;
    if (!item) return;
    setSending(true);
    setError(null);
    try {
      const sent = await answerQuestion(userId, attemptId, { itemId: item.id, choice, timeSpentMs });
      setAnsweredIds((ids) => new Set([...ids, item.id]));
      if (sent.status === 'sent') {
        queryClient.setQueryData(skillsKeys.assessment(userId, attemptId), sent.data);
        // The last answer finished the assessment: SPEC §7's 300 ms vibrate, a button press that commits
        // something (the "Buttons" haptic setting).
        if (sent.data.status === 'completed') haptics.vibrate();
      }
    } catch {
      setError('Your answer could not be saved. Please try again.');
    } finally {
      setSending(false);
    }
  }

  if (state.isPending || (state.isError && !state.data)) {
    return (
      <>
        {state.isPending && <p className="text-slate-700">Loading your assessment…</p>}
        <LoadAlert className="text-slate-800">
          {state.isError &&
            `Your assessment could not be loaded. ${online ? 'Please try again.' : 'It needs a connection.'}`}
        </LoadAlert>
      </>
    );
  }
  const current = state.data;
  return (
    <section aria-labelledby="attempt-title" className="space-y-5">
      <h2 id="attempt-title" className="text-xl font-semibold text-slate-900">
        Your assessment
      </h2>
      <SkillProgressList skills={current.skills} />
      {queued > 0 ? (
        <div role="status" className="space-y-2 rounded-xl bg-amber-50 p-4 text-slate-900">
          <p className="font-semibold">Your answer is saved on this device.</p>
          <p>
            {online
              ? 'Sending it now…'
              : 'The next question needs a connection: it will appear when you are back online.'}
          </p>
        </div>
      ) : current.item && !isAnswered(current.item.id) ? (
        <QuestionCard
          key={current.item.id}
          item={current.item}
          maxItems={current.skills.find((skill) => skill.skill === current.item?.skill)?.maxItems}
          onAnswer={answer}
          busy={sending}
        />
      ) : (
        <p role="status" className="text-slate-700">
          {completed
            ? 'Assessment complete. Loading your results…'
            : online
              ? 'Loading the next question…'
              : 'The next question needs a connection.'}
        </p>
      )}
      {error && (
        <p role="alert" className="text-red-800">
          {error}
        </p>
      )}
    </section>
  );
}
