import { useId, useState, type FormEvent } from 'react';
import { useCurrentUser } from '../../auth/index.ts';
import { Field, inputClass } from '../../../ui/Field.tsx';
import { changeEmail } from '../api/account.ts';
import { EmailText } from '../components/EmailText.tsx';
import { fieldErrorsOf } from '../../../ui/fieldErrors.ts';
import { Button } from '../../../ui/Button.tsx';

/**
 * The address the member signs in with and is mailed at. A new one needs the password and a link followed
 * from the new address; the old one is told (issue 47.3).
 */
export function EmailSection() {
  const user = useCurrentUser();
  const headingId = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);
  const [status, setStatus] = useState('');
  const [problem, setProblem] = useState<ReturnType<typeof fieldErrorsOf> | null>(null);
  if (!user) return null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    setPending(true);
    setProblem(null);
    setStatus('');
    try {
      const answer = await changeEmail({ email, password });
      setEmail('');
      setPassword('');
      setStatus(answer.message);
    } catch (error) {
      setProblem(fieldErrorsOf(error));
    } finally {
      setPending(false);
    }
  }

  return (
    <form
      aria-labelledby={headingId}
      onSubmit={submit}
      className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        Email address
      </h2>
      <p className="text-slate-800">
        <EmailText email={user.email} />{' '}
        <span className="font-medium">
          {user.emailVerified === false ? '(not confirmed yet)' : '(confirmed)'}
        </span>
      </p>
      {problem && (
        <p role="alert" className="rounded-xl bg-red-50 p-3 font-medium text-red-800">
          {problem.message}
        </p>
      )}
      <Field
        label="New email address"
        hint="We send a link there; your address changes once you follow it."
        error={problem?.fields.email}
      >
        {(props) => (
          <input
            {...props}
            type="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            className={inputClass}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        )}
      </Field>
      <Field label="Your password" error={problem?.fields.password}>
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
      <Button type="submit" disabled={pending}>
        Change email address
      </Button>
      <p role="status" className="text-sm text-slate-800">
        {status}
      </p>
    </form>
  );
}
