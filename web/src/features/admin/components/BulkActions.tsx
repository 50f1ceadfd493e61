import { roleLabels, roles, type AdminBulkAction, type AdminUserFilter } from '@uplift/contracts';
import { useState } from 'react';
import { useBulkUsers } from '../api/changeUsers.ts';

const actions: Array<{ value: string; label: string; action: AdminBulkAction }> = [
  ...roles.map((role) => ({
    value: `role:${role}`,
    label: `Make ${roleLabels[role]}`,
    action: { type: 'role', role } as const,
  })),
  { value: 'suspend', label: 'Suspend', action: { type: 'suspend' } },
  { value: 'reinstate', label: 'Reinstate', action: { type: 'reinstate' } },
];

/** One action for the chosen rows, or for every member the filter matches (however many pages). */
export function BulkActions({
  selectedIds,
  total,
  filter,
  onDone,
}: {
  selectedIds: string[];
  total: number;
  filter: AdminUserFilter;
  onDone: (message: string) => void;
}) {
  const [allMatching, setAllMatching] = useState(false);
  const [choice, setChoice] = useState('suspend');
  const bulk = useBulkUsers();
  const count = allMatching ? total : selectedIds.length;

  function apply() {
    const action = actions.find((entry) => entry.value === choice)?.action;
    if (!action) return;
    bulk.mutate(
      { target: allMatching ? { filter } : { ids: selectedIds }, action },
      {
        onSuccess: (result) => {
          const skipped = result.skipped.map((skip) => `${skip.email}: ${skip.reason}`).join(' ');
          onDone(
            `${result.changed} changed, ${result.unchanged} already so.${skipped ? ` Skipped ${skipped}` : ''}`,
          );
          setAllMatching(false);
        },
        onError: (error) => onDone(error.message),
      },
    );
  }

  return (
    <section
      aria-label="Bulk actions"
      className="flex flex-wrap items-center gap-2 rounded-xl bg-slate-50 p-2 text-sm"
    >
      <label className="inline-flex min-h-11 items-center gap-2">
        <input
          type="checkbox"
          checked={allMatching}
          onChange={(e) => setAllMatching(e.target.checked)}
          className="h-5 w-5"
        />
        {`All ${total} that match the filter`}
      </label>
      <label className="inline-flex items-center gap-2">
        <span>Action</span>
        <select
          value={choice}
          onChange={(e) => setChoice(e.target.value)}
          className="min-h-11 rounded-lg border border-slate-300 bg-white px-2"
        >
          {actions.map((entry) => (
            <option key={entry.value} value={entry.value}>
              {entry.label}
            </option>
          ))}
        </select>
      </label>
      <button
        type="button"
        disabled={count === 0 || bulk.isPending}
        onClick={apply}
        className="min-h-11 rounded-lg bg-brand-700 px-3 font-medium text-white disabled:opacity-60"
      >
        {`Apply to ${count} member${count === 1 ? '' : 's'}`}
      </button>
    </section>
  );
}
