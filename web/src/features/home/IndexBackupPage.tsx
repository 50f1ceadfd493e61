import { Link } from 'react-router';
import { useCurrentUser } from '../auth/index.ts';
import { destinationsFor } from './destinations.ts';

/**
 * /index-backup: the earlier, simpler Home (PRODUCT §2). The same four ways in as Home, as a plain list
 * with nothing loaded beyond the page itself: no videos, partners or figures, so it also serves a member
 * on a slow connection who only wants to get somewhere.
 */
export default function IndexBackupPage() {
  const signedIn = useCurrentUser() !== null;
  return (
    <div className="space-y-6 py-6">
      <header className="space-y-2">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Classic Home</h1>
        <p className="text-slate-700">The earlier, simpler Home: where to go, and nothing else.</p>
      </header>
      <nav aria-label="Get started">
        <ul className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
          {destinationsFor(signedIn).map(({ to, title, summary }) => (
            <li key={to}>
              <Link to={to} className="block min-h-11 px-4 py-3 hover:bg-brand-50">
                <span className="block font-semibold text-brand-700 underline underline-offset-2">
                  {title}
                </span>
                <span className="block text-sm text-slate-700">{summary}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <p>
        <Link
          to="/"
          className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline underline-offset-4"
        >
          Open the new Home
        </Link>
      </p>
    </div>
  );
}
