import { passwordLimits } from '@uplift/contracts';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { HttpError } from '../../lib/http/index.ts';
import { confirmPasswordReset } from './api/passwordReset.ts';
import { Button } from '../../ui/Button.tsx';
import { fieldErrorsOf } from '../../ui/fieldErrors.ts';
import { TextField } from '../../ui/TextField.tsx';
import { FormAlert } from './components/FormAlert.tsx';

/** The token travels in the link's fragment (`#token=…`), which browsers never send to a server. */
function tokenFrom(hash: string): string | null {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token');
}

/** Reached from the reset mail's link: choose a new password, once. */
export default function ResetPasswordPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [token] = useState(() => tokenFrom(location.hash));
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<{ message: string; field?: string } | null>(null);

  // The token leaves the address bar (and the history) once read; the page keeps it in memory.
  useEffect(() => {
    if (location.hash)
      void navigate({ pathname: location.pathname, search: location.search }, { replace: true });
  }, [location.hash, location.pathname, location.search, navigate]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending || !token) return;
    setPending(true);
    setError(null);
    try {
      await confirmPasswordReset({ token, password });
      setDone(true);
    } catch (caught) {
      const problem = fieldErrorsOf(
        caught,
        caught instanceof HttpError
          ? 'We could not change your password.'
          : 'We could not change your password. Try again in a moment.',
      );
      const field = problem.fields.password;
      setError({ message: problem.message, ...(field ? { field } : {}) });
    } finally {
      setPending(false);
    }
  }

  return (
    <section className="mx-auto max-w-sm space-y-6 py-6">
      <header className="space-y-2">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Choose a new password</h1>
        {!done && token && (
          <p className="text-slate-700">Choosing a new password signs you out on every other device.</p>
        )}
      </header>
      <div
        role="status"
        className={done ? 'rounded-xl border border-green-300 bg-green-50 p-3 text-green-900' : ''}
      >
        {done ? 'Your password is changed. Sign in with your new password.' : null}
      </div>
      {done ? (
        <p>
          <Link to="/login" className="font-semibold text-brand-700 underline">
            Sign in
          </Link>
        </p>
      ) : !token ? (
        <p className="text-slate-700">
          This page opens from the link in a password-reset email.{' '}
          <Link to="/forgot-password" className="font-semibold text-brand-700 underline">
            Ask for a link
          </Link>
        </p>
      ) : (
        <form onSubmit={onSubmit} className="space-y-4">
          <FormAlert message={error?.message} />
          <TextField
            name="password"
            label="New password"
            type="password"
            autoComplete="new-password"
            value={password}
            onValueChange={setPassword}
            error={error?.field}
            hint={`At least ${passwordLimits.min} characters.`}
            required
          />
          <Button type="submit" block loading={pending}>
            Save new password
          </Button>
          {error && (
            <p>
              <Link to="/forgot-password" className="font-semibold text-brand-700 underline">
                Ask for a new link
              </Link>
            </p>
          )}
        </form>
      )}
    </section>
  );
}
