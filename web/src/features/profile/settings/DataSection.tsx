import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { HttpError } from '../../../lib/http/index.ts';
import { withTimedProgress } from '../../../lib/loading/trackedWork.ts';
import { toast } from '../../../lib/toasts/toastStore.ts';
import { saveTextFile } from '../../../lib/native/filesystem.ts';
import { clearSession } from '../../auth/index.ts';
import { deleteAccount, exportAccount } from '../api/account.ts';
import { Field, inputClass } from '../../../ui/Field.tsx';
import { Button } from '../../../ui/Button.tsx';

/** Export my data (a JSON file) and delete my account (after the password). */
export function DataSection() {
  const headingId = useId();
  const navigate = useNavigate();
  const [status, setStatus] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');

  async function exportData() {
    setStatus('Preparing your data…');
    try {
      // Gathering every table takes a moment: the loading overlay shows the wait (issue 44.18).
      const data = await withTimedProgress('Preparing your data...', exportAccount);
      const name = `uplift-export-${data.exportedAt.slice(0, 10)}.json`;
      await saveTextFile(name, JSON.stringify(data, null, 2));
      setStatus(`Your data is saved as ${name}.`);
    } catch {
      setStatus('Your data could not be exported. Try again.');
    }
  }

  async function remove(event: FormEvent) {
    event.preventDefault();
    setError('');
    try {
      await deleteAccount(password);
      clearSession();
      await navigate('/login', { replace: true });
      toast.success(
        'Your account is deleted and you are signed out everywhere. Thank you for being part of Uplift.',
      );
    } catch (failure) {
      setError(
        failure instanceof HttpError && failure.serverMessage
          ? failure.serverMessage
          : 'Your account could not be deleted.',
      );
    }
  }

  return (
    <section
      aria-labelledby={headingId}
      className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        Your data
      </h2>
      <Button
        variant="secondary"

        onClick={() => void exportData()}
      >
        Export my data
      </Button>
      <p role="status" className="text-sm text-slate-800">
        {status}
      </p>
      {confirming ? (
        <form onSubmit={remove} className="space-y-3 rounded-xl border border-red-200 bg-red-50 p-3">
          <p className="text-slate-900">
            Deleting your account signs you out everywhere and removes your profile, photo, outcomes and
            chats. Posts others can read stay, shown as by a former member.
          </p>
          <Field label="Your password" error={error || undefined}>
            {(props) => (
              <input
                {...props}
                type="password"
                autoComplete="current-password"
                className={inputClass}
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            )}
          </Field>
          <div className="flex flex-wrap gap-2">
            <Button variant="danger" type="submit">
              Delete my account for good
            </Button>
            <Button
              variant="secondary"

              onClick={() => setConfirming(false)}
            >
              Keep my account
            </Button>
          </div>
        </form>
      ) : (
        <Button variant="danger" onClick={() => setConfirming(true)}>
          Delete my account…
        </Button>
      )}
    </section>
  );
}
