import { useEffect, useRef, useState, type FormEvent } from 'react';
import { dontKnowChoice, skillAreaLabel, type AnswerRequest, type AssessmentItem } from '@uplift/contracts';
import { Button } from '../../../ui/Button.tsx';

const dontKnow = { value: dontKnowChoice, label: "I don't know" } as const;

interface QuestionCardProps {
  item: AssessmentItem;
  /** The most questions this skill asks: the position is said against it ("question 2 of up to 10"). */
  maxItems: number | undefined;
  onAnswer: (choice: AnswerRequest['choice'], timeSpentMs: number) => void;
  busy: boolean;
}

/**
 * One question (render with `key={item.id}`): the options as a native radio group (arrow keys move, Enter
 * submits), large targets. "I don't know" is the group's last option, so a member who does not know need
 * not guess (decision 0092).
 */
export function QuestionCard({ item, maxItems, onAnswer, busy }: QuestionCardProps) {
  const [choice, setChoice] = useState<AnswerRequest['choice'] | null>(null);
  const shownAt = useRef(0);
  const legend = useRef<HTMLLegendElement>(null);
  // Mounted once per question (keyed by its id): the clock starts, and the question takes the focus so
  // screen readers read it and the keyboard starts there.
  useEffect(() => {
    shownAt.current = Date.now();
    legend.current?.focus();
  }, []);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (choice !== null && !busy) onAnswer(choice, Date.now() - shownAt.current);
  }

  return (
    <form onSubmit={submit} className="space-y-4">
      <fieldset className="space-y-3">
        <legend ref={legend} tabIndex={-1} className="mb-2 space-y-1 outline-none">
          <span className="block text-sm font-medium text-brand-700">
            {skillAreaLabel(item.skill)} · question {item.position}
            {maxItems !== undefined && ` of up to ${maxItems}`}
          </span>{' '}
          {/* The space keeps the position and the question apart in the group's spoken name. */}
          <span className="block text-lg font-semibold text-slate-900">{item.stem}</span>
        </legend>
        {[...item.options.map((option, index) => ({ value: index, label: option })), dontKnow].map(
          (option) => (
            <label
              key={option.value}
              className="flex min-h-14 cursor-pointer items-center gap-3 rounded-xl border-2 border-slate-200 bg-white px-4 py-3 text-slate-900 has-checked:border-brand-600 has-checked:bg-brand-50"
            >
              <input
                type="radio"
                name={`answer-${item.id}`}
                value={option.value}
                checked={choice === option.value}
                onChange={() => setChoice(option.value)}
                className="size-5 shrink-0 accent-brand-600"
              />
              <span className={option.value === dontKnowChoice ? 'italic' : undefined}>{option.label}</span>
            </label>
          ),
        )}
      </fieldset>
      <Button block type="submit" disabled={choice === null || busy}>
        Submit answer
      </Button>
    </form>
  );
}
