import {
  outcomeLimits,
  outcomeTypeLabel,
  outcomeTypes,
  type Outcome,
  type OutcomeType,
} from '@uplift/contracts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSaveOutcome } from '../api/outcomes.ts';
import { Field, inputClass } from '../../../ui/Field.tsx';
import { fieldErrorsOf } from '../../../ui/fieldErrors.ts';
import { Button } from '../../../ui/Button.tsx';

const today = () => new Date().toISOString().slice(0, 10);

interface OutcomeFormProps {
  userId: string;
  /** The outcome being changed, its fields filled in; null to report a new one. */
  editing: Outcome | null;
  /** Told what to announce once the outcome is sent or queued. */
  onSaved: (message: string) => void;
  onCancel: () => void;
}

/**
 * Reports a new outcome or changes one, through the same offline queue and idempotency keys either way.
 * Mounted afresh (by key) for each outcome edited, so its fields start from that outcome.
 */
export function OutcomeForm({ userId, editing, onSaved, onCancel }: OutcomeFormProps) {
  const save = useSaveOutcome(userId);
  const [type, setType] = useState<OutcomeType>(editing?.type ?? 'raise');
  const [occurredOn, setOccurredOn] = useState(editing?.occurredOn ?? today);
  const [amount, setAmount] = useState(editing?.annualAmount?.toString() ?? '');
  const typeRef = useRef<HTMLSelectElement>(null);
  const problem = save.error ? fieldErrorsOf(save.error) : null;

  // Editing starts from a button in the list above: the form's first field is where the member goes next.
  useEffect(() => {
    if (editing) typeRef.current?.focus();
  }, [editing]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const annualAmount = amount.trim() === '' ? null : Number(amount.replace(/[^\d.-]/g, ''));
    // The form has no field for the note: a change keeps the one the outcome has.
    const input = { type, occurredOn, annualAmount, note: editing?.note ?? null };
    const result = await save.mutateAsync(editing ? { id: editing.id, input } : { input }).catch(() => null);
    if (!result) return;
    if (!editing) setAmount('');
    onSaved(
      result.status === 'queued'
        ? 'Saved; it will be sent when you are back online.'
        : editing
          ? `Your outcome is updated: ${outcomeTypeLabel(type)}.`
          : `${outcomeTypeLabel(type)} added.`,
    );
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <h3 className="font-semibold text-slate-900">{editing ? 'Change an outcome' : 'Report an outcome'}</h3>
      {problem && (
        <p role="alert" className="rounded-xl bg-red-50 p-3 font-medium text-red-800">
          {problem.message}
        </p>
      )}
      <Field label="What happened" error={problem?.fields.type}>
        {(props) => (
          <select
            {...props}
            ref={typeRef}
            className={inputClass}
            value={type}
            onChange={(e) => setType(e.target.value as OutcomeType)}
          >
            {outcomeTypes.map((option) => (
              <option key={option.id} value={option.id}>
                {option.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="When" error={problem?.fields.occurredOn}>
        {(props) => (
          <input
            {...props}
            type="date"
            max={today()}
            className={inputClass}
            value={occurredOn}
            onChange={(e) => setOccurredOn(e.target.value)}
          />
        )}
      </Field>
      <Field
        label="Yearly pay increase in US dollars (optional)"
        hint={`A whole number up to ${outcomeLimits.amountMax.toLocaleString()}.`}
        error={problem?.fields.annualAmount}
      >
        {(props) => (
          <input
            {...props}
            inputMode="numeric"
            className={inputClass}
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
        )}
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {editing
            ? save.isPending
              ? 'Saving…'
              : 'Save changes'
            : save.isPending
              ? 'Adding…'
              : 'Add outcome'}
        </Button>
        {editing && (
          <Button
            variant="secondary"

            onClick={onCancel}
          >
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
