import { useQuery } from '@tanstack/react-query';
import { outcomeLimits, outcomeTypeLabel, outcomeTypes, type OutcomeType } from '@uplift/contracts';
import { useId, useState, type FormEvent } from 'react';
import { outcomesQueryOptions, useSaveOutcome } from '../api/outcomes.ts';
import { Field, inputClass } from '../../../ui/Field.tsx';
import { fieldErrorsOf } from './fieldErrors.ts';

const button = 'inline-flex min-h-11 items-center justify-center rounded-xl px-4 font-semibold';
const money = new Intl.NumberFormat(undefined, {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});
const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
const today = () => new Date().toISOString().slice(0, 10);

/** The member's reported outcomes (new job, promotion, raise…), which feed the community's impact. */
export function OutcomesSection({ userId }: { userId: string }) {
  const headingId = useId();
  const outcomes = useQuery(outcomesQueryOptions(userId));
  const save = useSaveOutcome(userId);
  const [type, setType] = useState<OutcomeType>('raise');
  const [occurredOn, setOccurredOn] = useState(today);
  const [amount, setAmount] = useState('');
  const [status, setStatus] = useState('');
  const problem = save.error ? fieldErrorsOf(save.error) : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const annualAmount = amount.trim() === '' ? null : Number(amount.replace(/[^\d.-]/g, ''));
    const result = await save.mutateAsync({ input: { type, occurredOn, annualAmount } }).catch(() => null);
    if (!result) return;
    setAmount('');
    setStatus(
      result.status === 'sent'
        ? `${outcomeTypeLabel(type)} added.`
        : 'Saved; it will be sent when you are back online.',
    );
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
                  {day.format(new Date(`${outcome.occurredOn}T00:00:00Z`))}
                  {outcome.annualAmount !== null && ` · ${money.format(outcome.annualAmount)} a year`}
                </span>
              </span>
              <button
                type="button"
                className={`${button} shrink-0 border border-slate-400 text-slate-900`}
                aria-label={`Delete ${outcomeTypeLabel(outcome.type)} of ${outcome.occurredOn}`}
                onClick={() => void save.mutateAsync({ id: outcome.id, remove: true }).catch(() => null)}
              >
                Delete
              </button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={submit} noValidate className="space-y-3">
        <h3 className="font-semibold text-slate-900">Report an outcome</h3>
        {problem && (
          <p role="alert" className="rounded-xl bg-red-50 p-3 font-medium text-red-800">
            {problem.message}
          </p>
        )}
        <Field label="What happened" error={problem?.fields.type}>
          {(props) => (
            <select
              {...props}
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
        <button
          type="submit"
          disabled={save.isPending}
          className={`${button} bg-brand-600 text-white hover:bg-brand-700`}
        >
          {save.isPending ? 'Adding…' : 'Add outcome'}
        </button>
        <p role="status" className="text-sm text-slate-800">
          {status}
        </p>
      </form>
    </section>
  );
}
