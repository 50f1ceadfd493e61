import { useId, useState, type FormEvent } from 'react';
import { changePassword } from '../api/account.ts';
import { Field, inputClass } from '../../../ui/Field.tsx';
import { fieldErrorsOf } from '../../../ui/fieldErrors.ts';
import { Button } from '../../../ui/Button.tsx';

/** Change the password; every other device is signed out by the server. */
export function PasswordSection() {
  const headingId = useId();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [status, setStatus] = useState('');
  const [problem, setProblem] = useState<ReturnType<typeof fieldErrorsOf> | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    setStatus('');
    try {
      await changePassword(current, next);
      setCurrent('');
      setNext('');
      setStatus('Your password is changed. Your other devices are signed out.');
    } catch (error) {
      setProblem(fieldErrorsOf(error));
    }
  }

  return (
    <form
      aria-labelledby={headingId}
      onSubmit={submit}
      className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        Change password
      </h2>
      {problem && (
        <p role="alert" className="rounded-xl bg-red-50 p-3 font-medium text-red-800">
          {problem.message}
        </p>
      )}
      <Field label="Current password" error={problem?.fields.currentPassword}>
        {(props) => (
          <input
            {...props}
            type="password"
            autoComplete="current-password"
            className={inputClass}
            value={current}
            onChange={(e) => setCurrent(e.target.value)}
          />
        )}
      </Field>
      <Field label="New password" hint="At least 8 characters." error={problem?.fields.newPassword}>
        {(props) => (
          <input
            {...props}
            type="password"
            autoComplete="new-password"
            className={inputClass}
            value={next}
            onChange={(e) => setNext(e.target.value)}
          />
        )}
      </Field>
      <Button type="submit">Change password</Button>
      <p role="status" className="text-sm text-slate-800">
        {status}
      </p>
    </form>
  );
}
