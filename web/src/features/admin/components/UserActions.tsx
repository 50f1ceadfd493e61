import { roleLabels, roles, type AdminUser, type Role } from '@uplift/contracts';
import { useId, useState } from 'react';
import { useDeleteUser, useUpdateUser } from '../api/changeUsers.ts';
import { UserHistoryDialog } from './UserHistoryDialog.tsx';

const button =
  'inline-flex min-h-11 items-center justify-center rounded-lg border px-3 text-sm font-medium disabled:opacity-60';

/** Role, suspension and deletion for one member; the same controls in the table row and the phone card. */
export function UserActions({ user, onMessage }: { user: AdminUser; onMessage: (text: string) => void }) {
  const roleId = useId();
  const update = useUpdateUser();
  const remove = useDeleteUser();
  const [confirming, setConfirming] = useState(false);
  const [showHistory, setShowHistory] = useState(false);
  const busy = update.isPending || remove.isPending;
  const name = user.displayName;

  function change(change: { role?: Role; suspended?: boolean }, done: string) {
    update.mutate(
      { id: user.id, change },
      {
        onSuccess: () => onMessage(done),
        onError: (error) => onMessage(error.message),
      },
    );
  }

  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor={roleId} className="sr-only">
        {`Role of ${name}`}
      </label>
      <select
        id={roleId}
        value={user.role}
        disabled={busy}
        onChange={(event) => {
          const role = event.target.value as Role;
          change({ role }, `${name} is now ${roleLabels[role]}.`);
        }}
        className="min-h-11 rounded-lg border border-slate-300 bg-white px-2 text-sm"
      >
        {roles.map((role) => (
          <option key={role} value={role}>
            {roleLabels[role]}
          </option>
        ))}
      </select>
      {user.status === 'active' ? (
        <button
          type="button"
          disabled={busy}
          onClick={() => change({ suspended: true }, `${name} is suspended and signed out everywhere.`)}
          className={`${button} border-amber-700 text-amber-900`}
        >
          Suspend<span className="sr-only">{` ${name}`}</span>
        </button>
      ) : (
        <button
          type="button"
          disabled={busy}
          onClick={() => change({ suspended: false }, `${name} is reinstated.`)}
          className={`${button} border-slate-400 text-slate-900`}
        >
          Reinstate<span className="sr-only">{` ${name}`}</span>
        </button>
      )}
      {confirming ? (
        <span
          role="group"
          aria-label={`Confirm deleting ${name}`}
          className="flex flex-wrap items-center gap-2"
        >
          <span className="text-sm text-slate-800">Delete for good?</span>
          <button
            type="button"
            disabled={busy}
            onClick={() =>
              remove.mutate(user.id, {
                onSuccess: () => onMessage(`${name} is deleted; their posts now show "Former member".`),
                onError: (error) => onMessage(error.message),
                onSettled: () => setConfirming(false),
              })
            }
            className={`${button} border-red-700 bg-red-700 text-white`}
          >
            Yes, delete<span className="sr-only">{` ${name}`}</span>
          </button>
          <button type="button" onClick={() => setConfirming(false)} className={`${button} border-slate-300`}>
            Cancel
          </button>
        </span>
      ) : (
        <button
          type="button"
          disabled={busy}
          onClick={() => setConfirming(true)}
          className={`${button} border-red-700 text-red-800`}
        >
          Delete<span className="sr-only">{` ${name}`}</span>
        </button>
      )}
      <button
        type="button"
        onClick={() => setShowHistory(true)}
        className={`${button} border-slate-300 text-slate-900`}
      >
        History<span className="sr-only">{` of ${name}`}</span>
      </button>
      {showHistory ? <UserHistoryDialog user={user} onClose={() => setShowHistory(false)} /> : null}
    </div>
  );
}
