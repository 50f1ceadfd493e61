import { useQuery } from '@tanstack/react-query';
import { outcomeTypeLabel, type Outcome } from '@uplift/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { formatCalendar } from '../../../lib/format/dateTime.ts';
import { numberFormatter } from '../../../lib/format/number.ts';
import { outcomesQueryOptions, useSaveOutcome } from '../api/outcomes.ts';
import { OutcomeForm } from './OutcomeForm.tsx';
import { Button } from '../../../ui/Button.tsx';

const money = numberFormatter({ style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** The member's reported outcomes (new job, promotion, raise…), which feed the community's impact. */
export function OutcomesSection({ userId }: { userId: string }) {
  const headingId = useId();
  const outcomes = useQuery(outcomesQueryOptions(userId));
  const remove = useSaveOutcome(userId);
  const [editing, setEditing] = useState<Outcome | null>(null);
  const [status, setStatus] = useState('');
  const editButtons = useRef(new Map<string, HTMLButtonElement>());
  // The outcome whose Edit button gets focus back once its form closes, so keyboard users stay in place.
  const returnFocusTo = useRef<string | null>(null);

  useEffect(() => {
    if (editing || !returnFocusTo.current) return;
    editButtons.current.get(returnFocusTo.current)?.focus();
    returnFocusTo.current = null;
  }, [editing]);

  function stopEditing() {
    returnFocusTo.current = editing?.id ?? null;
    setEditing(null);
  }

  return (
    <section
      aria-labelledby={headingId}
      className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        Your outcomes
      </h2>
      <p className="text-slate-700">
        Tell the community what changed for you. Amounts are yearly, in US dollars, and only ever counted in
        groups of five or more members.
      </p>
      {outcomes.data && outcomes.data.items.length > 0 && (
        <ul className="divide-y divide-slate-200">
          {outcomes.data.items.map((outcome) => (
            <li key={outcome.id} className="flex items-center justify-between gap-2 py-2">
              <span className="min-w-0">
                <span className="block font-medium text-slate-900">{outcomeTypeLabel(outcome.type)}</span>
                <span className="block text-sm text-slate-700">
                  {formatCalendar(outcome.occurredOn, 'day')}
                  {outcome.annualAmount !== null && ` · ${money(outcome.annualAmount)} a year`}
                </span>
              </span>
              <span className="flex shrink-0 gap-2">
                <Button
                  variant="secondary"
                  ref={(node) => {
                    if (node) editButtons.current.set(outcome.id, node);
                    else editButtons.current.delete(outcome.id);
                  }}

                  aria-label={`Edit ${outcomeTypeLabel(outcome.type)} of ${outcome.occurredOn}`}
                  onClick={() => setEditing(outcome)}
                >
                  Edit
                </Button>
                <Button
                  variant="secondary"

                  aria-label={`Delete ${outcomeTypeLabel(outcome.type)} of ${outcome.occurredOn}`}
                  onClick={() => {
                    if (editing?.id === outcome.id) setEditing(null);
                    void remove.mutateAsync({ id: outcome.id, remove: true }).catch(() => null);
                  }}
                >
                  Delete
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
      <OutcomeForm
        key={editing?.id ?? 'new'}
        userId={userId}
        editing={editing}
        onSaved={(message) => {
          setStatus(message);
          if (editing) stopEditing();
        }}
        onCancel={stopEditing}
      />
      <p role="status" className="text-sm text-slate-800">
        {status}
      </p>
    </section>
  );
}
