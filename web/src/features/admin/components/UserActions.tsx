import {
  roleLabels,
  roles,
  suspensionLimits,
  type AdminUser,
  type AdminUserUpdate,
  type Role,
} from '@uplift/contracts';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { useDeleteUser, useSendPasswordReset, useUpdateUser } from '../api/changeUsers.ts';
import { UserHistoryDialog } from './UserHistoryDialog.tsx';
import { useUndoWindow } from '../../../ui/undoWindow.ts';
import { Button } from '../../../ui/Button.tsx';

/**
 * Role, suspension and deletion for one member; the same controls in the table row and the phone card.
 * A new role is confirmed (Admin by typing the member's email, which the server checks too); suspension
 * waits in an undo window; deletion is confirmed. A password-reset link is mailed to the member on
 * confirmation: the admin never sees the link nor sets the password.
 */
export function UserActions({
  user,
  onMessage,
  withHistory = true,
}: {
  user: AdminUser;
  onMessage: (text: string) => void;
  /** The member's page shows their history itself, so it leaves the History sheet out. */
  withHistory?: boolean;
}) {
  const roleId = useId();
  const update = useUpdateUser();
  const remove = useDeleteUser();
  const sendReset = useSendPasswordReset();
  const [confirmingReset, setConfirmingReset] = useState(false);
  const undoable = useUndoWindow();
  const [newRole, setNewRole] = useState<Role | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [confirmingSuspend, setConfirmingSuspend] = useState(false);
  const [suspending, setSuspending] = useState(false);
  const [showHistory, setShowHistory] = useState(false);
  const busy = update.isPending || remove.isPending || suspending;
  const name = user.displayName;

  function change(change: AdminUserUpdate, done: string, settled?: () => void) {
    update.mutate(
      { id: user.id, change },
      {
        onSuccess: () => onMessage(done),
        onError: (error) => onMessage(error.message),
        onSettled: settled,
      },
    );
  }

  function suspend(reason: string) {
    setConfirmingSuspend(false);
    setSuspending(true);
    undoable({
      message: `${name} will be suspended and signed out everywhere.`,
      apply: () =>
        change(
          { suspended: true, ...(reason ? { suspendReason: reason } : {}) },
          `${name} is suspended and signed out everywhere.`,
          () => setSuspending(false),
        ),
      onUndo: () => setSuspending(false),
    });
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
        onChange={(event) => setNewRole(event.target.value as Role)}
        className="min-h-11 rounded-lg border border-slate-300 bg-white px-2 text-sm"
      >
        {roles.map((role) => (
          <option key={role} value={role}>
            {roleLabels[role]}
          </option>
        ))}
      </select>
      {user.status === 'active' ? (
        <Button variant="secondary" size="sm" disabled={busy} onClick={() => setConfirmingSuspend(true)}>
          {suspending ? 'Suspending…' : 'Suspend'}
          <span className="sr-only">{` ${name}`}</span>
        </Button>
      ) : (
        <Button
          variant="secondary"
          size="sm"
          disabled={busy}
          onClick={() => change({ suspended: false }, `${name} is reinstated.`)}
        >
          Reinstate<span className="sr-only">{` ${name}`}</span>
        </Button>
      )}
      <Button variant="danger" size="sm" disabled={busy} onClick={() => setConfirmingDelete(true)}>
        Delete<span className="sr-only">{` ${name}`}</span>
      </Button>
      {user.status === 'active' ? (
        <Button variant="secondary" size="sm" disabled={busy} onClick={() => setConfirmingReset(true)}>
          Send reset link<span className="sr-only">{` to ${name}`}</span>
        </Button>
      ) : null}
      {withHistory ? (
        <Button variant="secondary" size="sm" onClick={() => setShowHistory(true)}>
          History<span className="sr-only">{` of ${name}`}</span>
        </Button>
      ) : null}
      {showHistory ? <UserHistoryDialog user={user} onClose={() => setShowHistory(false)} /> : null}
      <ConfirmDialog
        open={newRole !== null}
        title={
          newRole === 'admin'
            ? `Make ${name} an admin?`
            : `Make ${name} a ${roleLabels[newRole ?? user.role]}?`
        }
        confirmLabel={newRole === 'admin' ? 'Make admin' : `Make ${roleLabels[newRole ?? user.role]}`}
        tone={newRole === 'admin' ? 'danger' : 'default'}
        typed={
          newRole === 'admin' ? { label: `Type ${user.email} to confirm`, expected: user.email } : undefined
        }
        busy={update.isPending}
        onCancel={() => setNewRole(null)}
        onConfirm={(typed) => {
          if (!newRole) return;
          change(
            newRole === 'admin' ? { role: newRole, confirmEmail: typed } : { role: newRole },
            `${name} is now ${roleLabels[newRole]}.`,
            () => setNewRole(null),
          );
        }}
      >
        {newRole === 'admin' ? (
          <p>
            An admin can change every member’s role, suspend and delete accounts, and remove anyone’s posts.
          </p>
        ) : (
          <p>{`${name} is ${roleLabels[user.role]} now.`}</p>
        )}
      </ConfirmDialog>
      <ConfirmDialog
        open={confirmingSuspend}
        title={`Suspend ${name}?`}
        confirmLabel="Suspend and sign out"
        note={{ label: `Reason, shown to ${name} (optional)`, maxLength: suspensionLimits.reasonMaxLength }}
        onCancel={() => setConfirmingSuspend(false)}
        onConfirm={(_typed, reason) => suspend(reason)}
      >
        <p>
          {`${name} is signed out on every device and cannot sign in until reinstated. Their next action tells them an administrator suspended them, with your reason.`}
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={confirmingReset}
        title={`Send ${name} a password-reset link?`}
        confirmLabel="Send link"
        busy={sendReset.isPending}
        onCancel={() => setConfirmingReset(false)}
        onConfirm={() =>
          sendReset.mutate(user.id, {
            onSuccess: () => onMessage(`A password-reset link is on its way to ${user.email}.`),
            onError: (error) => onMessage(error.message),
            onSettled: () => setConfirmingReset(false),
          })
        }
      >
        <p>
          {`We email ${user.email} a link to choose a new password. It works once, for 30 minutes. You never see the link or the password.`}
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={confirmingDelete}
        title={`Delete ${name} for good?`}
        confirmLabel={`Yes, delete ${name}`}
        tone="danger"
        busy={remove.isPending}
        onCancel={() => setConfirmingDelete(false)}
        onConfirm={() =>
          remove.mutate(user.id, {
            onSuccess: () => onMessage(`${name} is deleted; their posts now show "Former member".`),
            onError: (error) => onMessage(error.message),
            onSettled: () => setConfirmingDelete(false),
          })
        }
      >
        <p>Their sessions end and their personal data is removed; this cannot be undone.</p>
      </ConfirmDialog>
    </div>
  );
}
