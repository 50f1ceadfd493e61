import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { HttpError } from '../../lib/http/index.ts';
import { requestPasswordReset } from './api/passwordReset.ts';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { FormAlert } from './components/FormAlert.tsx';

function messageOf(error: unknown, fallback: string) {
  return error instanceof HttpError ? (error.serverMessage ?? fallback) : fallback;
}

/** "Forgot password?": asks for a reset link. The answer never says whether the address has an account. */
export default function ForgotPasswordPage() {
  const location = useLocation();
  const [email, setEmail] = useState(() => {
    const state: unknown = location.state;
    return state && typeof state === 'object' && 'email' in state && typeof state.email === 'string'
      ? state.email
      : '';
  });
  const [pending, setPending] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    setPending(true);
    setError(null);
    try {
      const answer = await requestPasswordReset({ email });
      setSent(answer.message);
    } catch (caught) {
      setError(messageOf(caught, 'We could not send the link. Try again in a moment.'));
    } finally {
      setPending(false);
    }
  }

  return (
    <section className="mx-auto max-w-sm space-y-6 py-6">
      <header className="space-y-2">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Forgot your password?</h1>
        <p className="text-slate-700">
          Type the email you signed up with. We will send it a link to choose a new password.
        </p>
      </header>
      <div
        role="status"
        className={sent ? 'rounded-xl border border-green-300 bg-green-50 p-3 text-green-900' : ''}
      >
        {sent}
      </div>
      {sent ? (
        <p>
          <Link to="/login" className="font-semibold text-brand-700 underline">
            Back to sign in
          </Link>
        </p>
      ) : (
        <form onSubmit={onSubmit} className="space-y-4">
          <FormAlert message={error} />
          <TextField
            name="email"
            label="Email"
            type="email"
            autoComplete="email"
            value={email}
            onValueChange={setEmail}
            required
            autoCapitalize="none"
            spellCheck={false}
          />
          <Button type="submit" block loading={pending}>
            Send me a link
          </Button>
          <p>
            <Link to="/login" className="font-semibold text-brand-700 underline">
              Back to sign in
            </Link>
          </p>
        </form>
      )}
    </section>
  );
}
