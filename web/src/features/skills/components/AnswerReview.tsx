import { Link, useLocation } from 'react-router';
import { skillAreaLabel, type ReviewEntry } from '@uplift/contracts';
import { backState } from '../../../ui/BackLink.tsx';

const letter = (index: number) => String.fromCharCode(65 + index);
const kindLabel = { video: 'Watch', knowledge: 'Read' } as const;

interface ConceptGroup {
  key: string;
  first: ReviewEntry;
  missed: number;
  retired: Array<NonNullable<ReviewEntry['retired']>>;
}

/** The server's entries (already by skill and concept), one group per concept. */
function groupByConcept(review: ReviewEntry[]): ConceptGroup[] {
  const groups = new Map<string, ConceptGroup>();
  for (const entry of review) {
    const key = `${entry.skill} ${entry.concept}`;
    const group = groups.get(key) ?? { key, first: entry, missed: 0, retired: [] };
    group.missed += 1;
    if (entry.retired) group.retired.push(entry.retired);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/**
 * What to revisit: for the questions missed, the concept each tested, the idea behind it and what to
 * study. Questions still in use are never shown with their answers (the server does not send them);
 * a question since retired from the bank is shown in full.
 */
export function AnswerReview({ review }: { review: ReviewEntry[] }) {
  const groups = groupByConcept(review);
  const location = useLocation();
  return (
    <section aria-labelledby="review-title" className="space-y-3">
      <h2 id="review-title" className="text-xl font-semibold text-slate-900">
        What to revisit
      </h2>
      {groups.length === 0 ? (
        <p className="text-slate-700">You missed no questions in this assessment.</p>
      ) : (
        <p className="text-sm text-slate-700">
          The concepts behind the questions you missed. Questions stay in use for other members, so their
          answers are not shown; the ideas and the links below are what they test.
        </p>
      )}
      <ul className="space-y-3">
        {groups.map(({ key, first, missed, retired }) => (
          <li key={key} className="space-y-2 rounded-xl bg-white p-4 shadow-sm">
            <p className="text-sm text-slate-600">
              {skillAreaLabel(first.skill)} · missed {missed} {missed === 1 ? 'question' : 'questions'}
            </p>
            <h3 className="font-semibold text-slate-900">{first.conceptTitle}</h3>
            {first.idea && <p className="text-slate-700">{first.idea}</p>}
            {first.study.length > 0 && (
              <ul aria-label={`Study ${first.conceptTitle}`} className="space-y-1">
                {first.study.map((link) => (
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
            {retired.map((question, index) => (
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
                <p className="text-slate-700">{question.explanation}</p>
              </div>
            ))}
          </li>
        ))}
      </ul>
    </section>
  );
}
