import { skillAreaLabel, type ReviewEntry } from '@uplift/contracts';

const letter = (index: number) => String.fromCharCode(65 + index);

/** Every answer: what was chosen, what was right, and why. */
export function AnswerReview({ review }: { review: ReviewEntry[] }) {
  return (
    <section aria-labelledby="review-title" className="space-y-3">
      <h2 id="review-title" className="text-xl font-semibold text-slate-900">
        Review of your answers
      </h2>
      <ol className="space-y-3">
        {review.map((entry, index) => (
          <li key={entry.itemId} className="space-y-2 rounded-xl bg-white p-4 shadow-sm">
            <p className="text-sm text-slate-600">
              {index + 1}. {skillAreaLabel(entry.skill)} ·{' '}
              <strong className={entry.correct ? 'text-green-800' : 'text-red-800'}>
                {entry.correct ? 'Right' : 'Wrong'}
              </strong>
            </p>
            <p className="font-medium text-slate-900">{entry.stem}</p>
            <ul className="space-y-1 text-slate-800">
              {entry.options.map((option, optionIndex) => (
                <li key={optionIndex}>
                  {letter(optionIndex)}. {option}
                  {optionIndex === entry.chosen && <strong> (your answer)</strong>}
                  {optionIndex === entry.correctOption && <strong> (correct answer)</strong>}
                </li>
              ))}
            </ul>
            <p className="text-slate-700">{entry.explanation}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
