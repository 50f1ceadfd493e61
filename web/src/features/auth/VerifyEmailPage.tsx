import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { HttpError } from '../../lib/http/index.ts';
import { confirmEmail } from './api/emailVerification.ts';
import { authStore, verifySession } from './authStore.ts';
import { useIsAuthenticated } from './hooks.ts';

type Outcome = { state: 'pending' } | { state: 'done'; email: string } | { state: 'failed'; message: string };

/** The token travels in the link's fragment (`#token=…`), which browsers never send to a server. */
function tokenFrom(hash: string): string | null {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token');
}

/**
 * Reached from a verification mail's link, on any device, signed in or not: the address is confirmed as
 * soon as the page opens (the link is the member's answer; the page has nothing else to ask).
 */
export default function VerifyEmailPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const signedIn = useIsAuthenticated();
  const [token] = useState(() => tokenFrom(location.hash));
  const [outcome, setOutcome] = useState<Outcome>({ state: 'pending' });
  // One request per link: a link works once, and an effect may run twice (React's strict mode).
  const confirming = useRef<Promise<{ email: string }> | null>(null);

  // The token leaves the address bar (and the history) once read; the page keeps it in memory.
  useEffect(() => {
    if (location.hash)
      void navigate({ pathname: location.pathname, search: location.search }, { replace: true });
  }, [location.hash, location.pathname, location.search, navigate]);

  useEffect(() => {
    if (!token) return;
    let current = true;
    confirming.current ??= confirmEmail(token).then((answer) => {
      // A signed-in member's banner and settings follow once the session is read again.
      if (authStore.getState().user) void verifySession();
      return answer;
    });
    confirming.current
      .then(({ email }) => {
        if (current) setOutcome({ state: 'done', email });
      })
      .catch((error: unknown) => {
        if (!current) return;
        const message =
          error instanceof HttpError && error.serverMessage
            ? error.serverMessage
            : 'We could not confirm your address. Check your connection and open the link again.';
        setOutcome({ state: 'failed', message });
      });
    return () => {
      current = false;
    };
  }, [token]);

  return (
    <section className="mx-auto max-w-sm space-y-6 py-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Confirm your email address</h1>
      <div
        role="status"
        className={
          outcome.state === 'done' ? 'rounded-xl border border-green-300 bg-green-50 p-3 text-green-900' : ''
        }
      >
        {!token
          ? null
          : outcome.state === 'pending'
            ? 'Confirming your address…'
            : outcome.state === 'done'
              ? `Thank you: ${outcome.email} is confirmed as your email address.`
              : null}
      </div>
      <div
        role="alert"
        className={
          outcome.state === 'failed'
            ? 'rounded-xl border border-red-300 bg-red-50 p-3 font-medium text-red-800'
            : ''
        }
      >
        {outcome.state === 'failed' ? outcome.message : null}
      </div>
      {!token && <p className="text-slate-700">This page opens from the link in an email we sent you.</p>}
      {(outcome.state !== 'pending' || !token) && (
        <p>
          <Link
            to={signedIn ? '/' : '/login'}
            className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
          >
            {signedIn ? 'Continue to Uplift' : 'Sign in'}
          </Link>
        </p>
      )}
    </section>
  );
}
