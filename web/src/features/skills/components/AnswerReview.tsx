import { useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { skillAreaLabel } from '@uplift/contracts';
import { backState } from '../../../ui/BackLink.tsx';
import type { ConceptGap } from './studyPlan.ts';

const letter = (index: number) => String.fromCharCode(65 + index);
const kindLabel = { video: 'Watch', knowledge: 'Read' } as const;
const questions = (count: number) => `${count} ${count === 1 ? 'question' : 'questions'}`;

/**
 * What to revisit: the questions missed, one entry per concept, biggest gap first. Each entry opens on
 * its title and count (a long review of full cards buried the results); opened, it shows the idea behind
 * the concept and what to study. Questions still in use are never shown with their answers (the server
 * does not send them); a question since retired from the bank is shown in full.
 */
export function AnswerReview({ gaps }: { gaps: ConceptGap[] }) {
  const missed = gaps.reduce((sum, gap) => sum + gap.missed, 0);
  return (
    <section aria-labelledby="review-title" className="space-y-3">
      <h2 id="review-title" className="text-xl font-semibold text-slate-900">
        What to revisit
      </h2>
      {gaps.length === 0 ? (
        <p className="text-slate-700">You missed no questions in this assessment.</p>
      ) : (
        <p className="text-sm text-slate-700">
          The {questions(missed)} you missed, by concept. Questions stay in use for other members, so their
          answers are not shown; the ideas and the links are what they test.
        </p>
      )}
      <ul className="divide-y divide-slate-200 rounded-xl bg-white shadow-sm">
        {gaps.map((gap) => (
          <ConceptEntry key={gap.key} gap={gap} />
        ))}
      </ul>
    </section>
  );
}

function ConceptEntry({ gap }: { gap: ConceptGap }) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const location = useLocation();
  return (
    <li>
      <h3>
        {/* eslint-disable-next-line no-restricted-syntax -- the question's heading opens its answer: a full-width disclosure row */}
        <button
          type="button"
          aria-expanded={open}
          aria-controls={detailsId}
          onClick={() => setOpen(!open)}
          className="flex min-h-11 w-full items-center justify-between gap-2 px-4 py-2 text-left"
        >
          <span>
            <span className="block font-semibold text-slate-900">{gap.title}</span>
            <span className="block text-sm text-slate-600">
              {skillAreaLabel(gap.skill)} · missed {questions(gap.missed)}
              {gap.dontKnow > 0 &&
                (gap.dontKnow === gap.missed
                  ? `, answered “I don't know”`
                  : `, ${gap.dontKnow} answered “I don't know”`)}
            </span>
          </span>
          <span aria-hidden="true" className="text-slate-500">
            {open ? '−' : '+'}
          </span>
        </button>
      </h3>
      <div id={detailsId} hidden={!open} className="space-y-2 px-4 pb-4">
        {gap.idea && <p className="text-slate-700">{gap.idea}</p>}
        {gap.study.length > 0 && (
          <ul aria-label={`Study ${gap.title}`} className="space-y-1">
            {gap.study.map((link) => (
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
        {gap.retired.map((question, index) => (
          <div key={index} className="space-y-1 border-t border-slate-200 pt-2">
            <p className="text-sm text-slate-600">A question since retired from the assessment:</p>
            <p className="font-medium text-slate-900">{question.stem}</p>
            <ul className="space-y-1 text-slate-800">
              {question.options.map((option, optionIndex) => (
                <li key={optionIndex}>
                  {letter(optionIndex)}. {option}
                  {optionIndex === question.chosen && <strong> (your answer)</strong>}
                  {optionIndex === question.correctOption && <strong> (correct answer)</strong>}
                </li>
              ))}
            </ul>
            {question.chosen === null && (
              <p className="text-slate-700">
                Your answer: <strong>I don&apos;t know</strong>
              </p>
            )}
            <p className="text-slate-700">{question.explanation}</p>
          </div>
        ))}
      </div>
    </li>
  );
}
