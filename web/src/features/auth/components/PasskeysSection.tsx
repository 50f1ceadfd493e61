import { useQuery } from '@tanstack/react-query';
import type { Passkey } from '@uplift/contracts';
import { useId, useState } from 'react';
import { formatMoment } from '../../../lib/format/dateTime.ts';
import { HttpError } from '../../../lib/http/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { LoadAlert } from '../../../ui/LoadAlert.tsx';
import { passkeysQueryOptions, useAddPasskey, useRemovePasskey } from '../api/passkeys.ts';
import { passkeysSupported } from '../passkeySupport.ts';

const lastUse = (passkey: Passkey) =>
  passkey.lastUsedAt ? `last used ${formatMoment(passkey.lastUsedAt, 'dateTime')}` : 'not used yet';

/**
 * Settings' passkeys (decision 0108): add one made by this device or a password manager, see when each was
 * used, remove one after a confirmation. Absent where the browser or shell has no WebAuthn.
 */
export function PasskeysSection({ userId, defaultName }: { userId: string; defaultName: string }) {
  if (!passkeysSupported()) return null;
  return <Passkeys userId={userId} defaultName={defaultName} />;
}

function Passkeys({ userId, defaultName }: { userId: string; defaultName: string }) {
  const headingId = useId();
  const list = useQuery(passkeysQueryOptions(userId));
  const add = useAddPasskey(userId);
  const remove = useRemovePasskey(userId);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const [message, setMessage] = useState('');

  const failure = (error: unknown, fallback: string) =>
    setMessage(error instanceof HttpError ? error.statusMessage : fallback);

  return (
    <section
      aria-labelledby={headingId}
      className="space-y-2 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        Passkeys
      </h2>
      <p className="text-sm text-slate-700">
        Sign in with your fingerprint, face or screen lock instead of your password.
      </p>
      <LoadAlert className="text-slate-700">
        {!list.data && list.isError && 'Your passkeys could not be loaded.'}
      </LoadAlert>
      {list.data ? (
        list.data.items.length === 0 ? (
          <p className="text-slate-700">No passkeys yet.</p>
        ) : (
          <ul aria-label="Your passkeys" className="divide-y divide-slate-200">
            {list.data.items.map((passkey) => (
              <li key={passkey.id} className="flex items-center justify-between gap-2 py-2">
                <span className="min-w-0">
                  <span className="block font-medium break-words text-slate-900">{passkey.name}</span>
                  <span className="block text-sm text-slate-700">
                    {`Added ${formatMoment(passkey.createdAt, 'date')}, ${lastUse(passkey)}`}
                  </span>
                </span>
                <Button
                  variant="secondary"
                  className="shrink-0"
                  aria-label={`Remove ${passkey.name}`}
                  onClick={() => setRemoving(passkey)}
                >
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        )
      ) : list.isError ? null : (
        <p className="text-slate-700">Loading passkeys…</p>
      )}
      <Button
        loading={add.isPending}
        onClick={() => {
          setMessage('');
          add.mutate(defaultName, {
            onSuccess: (added) => setMessage(`${added.name} added. You can sign in with it now.`),
            onError: (error) =>
              failure(error, 'No passkey was added: the request was cancelled or timed out.'),
          });
        }}
      >
        Add a passkey
      </Button>
      <p role="status" className="min-h-6 text-sm font-medium text-slate-900">
        {message}
      </p>
      <ConfirmDialog
        open={removing !== null}
        title={`Remove ${removing?.name ?? 'this passkey'}?`}
        confirmLabel="Remove passkey"
        tone="danger"
        busy={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (!removing) return;
          const { id, name } = removing;
          remove.mutate(id, {
            onSuccess: () => setMessage(`${name} removed.`),
            onError: (error) => failure(error, 'Removing a passkey needs a connection.'),
            onSettled: () => setRemoving(null),
          });
        }}
      >
        You will no longer be able to sign in with it. Your password and other passkeys keep working.
      </ConfirmDialog>
    </section>
  );
}
