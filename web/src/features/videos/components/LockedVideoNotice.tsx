import { Lock } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { loginPath } from '../../auth/index.ts';

/**
 * Why a premium video does not play, and how to get it: premium videos are part of the member-tier-2
 * membership, which an admin grants (PRODUCT.md §1). Anonymous visitors are first asked to sign in.
 */
export function LockedVideoNotice({
  signedIn,
  tone = 'light',
}: {
  signedIn: boolean;
  tone?: 'light' | 'dark';
}) {
  const location = useLocation();
  const text = tone === 'dark' ? 'text-white' : 'text-slate-900';
  const muted = tone === 'dark' ? 'text-slate-100' : 'text-slate-700';
  return (
    <div className={`space-y-2 ${text}`}>
      <p className="flex items-center gap-2 font-semibold">
        <Lock aria-hidden="true" className="size-5" /> Premium video
      </p>
      <p className={muted}>
        Premium videos come with a premium membership (member tier 2), along with a larger Vale allowance and
        the detailed skills report.{' '}
        {signedIn
          ? 'Ask an Uplift admin to upgrade your membership, then come back to watch.'
          : 'Sign in to see if your membership includes it.'}
      </p>
      {signedIn ? null : (
        <Link
          to={loginPath({ redirectTo: `${location.pathname}${location.search}` })}
          className="inline-flex min-h-11 items-center rounded-xl bg-brand-600 px-4 font-semibold text-white"
        >
          Sign in
        </Link>
      )}
    </div>
  );
}
