import { emailNotificationKinds } from '@uplift/contracts';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { HttpError } from '../../lib/http/index.ts';
import { unsubscribe } from './api/unsubscribe.ts';
import { Button } from '../../ui/Button.tsx';

function tokenFrom(hash: string): string | null {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token');
}

function stoppedMessage(kind: string): string {
  const label = emailNotificationKinds.find((each) => each.id === kind)?.label;
  return label
    ? `Done: no more emails about “${label}”.`
    : 'Done: no more notification emails. Security emails, such as password resets, still come.';
}

/**
 * Where the unsubscribe link in a notification email leads (decision 0085): it asks before stopping, as
 * link scanners open links too; a mail client's one-click unsubscribe never comes here.
 */
export default function UnsubscribePage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [token] = useState(() => tokenFrom(location.hash));
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (location.hash)
      void navigate({ pathname: location.pathname, search: location.search }, { replace: true });
  }, [location.hash, location.pathname, location.search, navigate]);

  async function stop() {
    if (!token || pending) return;
    setPending(true);
    setError(null);
    try {
      setDone(stoppedMessage((await unsubscribe(token)).kind));
    } catch (caught) {
      setError(
        caught instanceof HttpError && caught.serverMessage
          ? caught.serverMessage
          : 'We could not stop these emails. Try again in a moment.',
      );
    } finally {
      setPending(false);
    }
  }

  return (
    <section className="mx-auto max-w-sm space-y-6 py-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Stop these emails?</h1>
      <div
        role="status"
        className={done ? 'rounded-xl border border-green-300 bg-green-50 p-3 text-green-900' : ''}
      >
        {done}
      </div>
      <div
        role="alert"
        className={error ? 'rounded-xl border border-red-300 bg-red-50 p-3 font-medium text-red-800' : ''}
      >
        {error}
      </div>
      {!token ? (
        <p className="text-slate-700">This page opens from the link at the end of a notification email.</p>
      ) : (
        !done && (
          <Button block onClick={() => void stop()} disabled={pending}>
            Stop these emails
          </Button>
        )
      )}
      <p className="text-slate-700">
        Choose which emails you get, and how often, in{' '}
        <Link to="/profile-client" className="font-semibold text-brand-700 underline">
          your settings
        </Link>
        .
      </p>
    </section>
  );
}
