import {
  roleLabels,
  roles,
  suspensionLimits,
  type AdminBulkAction,
  type AdminUserFilter,
} from '@uplift/contracts';
import { useState } from 'react';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { useBulkUsers } from '../api/changeUsers.ts';
import { Button } from '../../../ui/Button.tsx';

/** Admin is never granted in bulk: one member at a time, with their email typed (the server agrees). */
const actions: Array<{ value: string; label: string; verb: string; action: AdminBulkAction }> = [
  ...roles
    .filter((role) => role !== 'admin')
    .map((role) => ({
      value: `role:${role}`,
      label: `Make ${roleLabels[role]}`,
      verb: `Make ${roleLabels[role]}`,
      action: { type: 'role', role } as const,
    })),
  { value: 'suspend', label: 'Suspend', verb: 'Suspend', action: { type: 'suspend' } },
  { value: 'reinstate', label: 'Reinstate', verb: 'Reinstate', action: { type: 'reinstate' } },
];

const plural = (count: number) => `${count} member${count === 1 ? '' : 's'}`;

/**
 * One action for the chosen rows, or for every member the filter matches (however many pages). Nothing is
 * chosen until the admin picks it, and a confirmation names the action and the count ("all 37 members that
 * match the filter"), which the server checks again before it changes anyone.
 */
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
  const [choice, setChoice] = useState('');
  const [confirming, setConfirming] = useState(false);
  const bulk = useBulkUsers();
  const count = allMatching ? total : selectedIds.length;
  const chosen = actions.find((entry) => entry.value === choice);
  const whom = allMatching
    ? `all ${plural(count)} that match the filter`
    : `${count} chosen member${count === 1 ? '' : 's'}`;

  function apply(reason: string) {
    if (!chosen) return;
    // A suspension's reason is each member's to read when they are signed out or try to sign in.
    const action: AdminBulkAction =
      chosen.action.type === 'suspend' && reason ? { type: 'suspend', reason } : chosen.action;
    bulk.mutate(
      {
        target: allMatching ? { filter, expectedCount: count } : { ids: selectedIds },
        action,
      },
      {
        onSuccess: (result) => {
          const skipped = result.skipped.map((skip) => `${skip.email}: ${skip.reason}`).join(' ');
          onDone(
            `${result.changed} changed, ${result.unchanged} already so.${skipped ? ` Skipped ${skipped}` : ''}`,
          );
          setAllMatching(false);
          setChoice('');
        },
        onError: (error) => onDone(error.message),
        onSettled: () => setConfirming(false),
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
          <option value="">Choose an action</option>
          {actions.map((entry) => (
            <option key={entry.value} value={entry.value}>
              {entry.label}
            </option>
          ))}
        </select>
      </label>
      <Button
        size="sm"
        disabled={count === 0 || !chosen || bulk.isPending}
        onClick={() => setConfirming(true)}
      >
        {`Apply to ${plural(count)}`}
      </Button>
      <ConfirmDialog
        open={confirming && chosen !== undefined}
        title={`${chosen?.verb ?? ''} ${whom}?`}
        confirmLabel={`${chosen?.verb ?? ''} ${plural(count)}`}
        tone={chosen?.value === 'suspend' ? 'danger' : 'default'}
        note={
          chosen?.value === 'suspend'
            ? {
                label: 'Reason, shown to each of them (optional)',
                maxLength: suspensionLimits.reasonMaxLength,
              }
            : undefined
        }
        busy={bulk.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={(_typed, reason) => apply(reason)}
      >
        {allMatching ? (
          <p>{`Every member the filter matches, on every page, not only those shown here: ${count} in all.`}</p>
        ) : (
          <p>{`Only the ${plural(count)} you ticked.`}</p>
        )}
        {chosen?.value === 'suspend' ? <p>Each of them is signed out everywhere at once.</p> : null}
      </ConfirmDialog>
    </section>
  );
}
