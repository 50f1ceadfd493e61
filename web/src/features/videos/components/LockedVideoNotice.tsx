import { Lock } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { loginPath } from '../../auth/index.ts';
import { PremiumOffer } from '../../premium/index.ts';

/**
 * Why a premium video does not play, and how to get it: premium videos come with the premium membership,
 * which the admins grant (PRODUCT.md §1) when a member asks. Anonymous visitors are first asked to sign in.
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
      {signedIn ? (
        <PremiumOffer tone={tone} />
      ) : (
        <>
          <p className={muted}>
            Premium videos come with the premium membership. Sign in to see if yours includes it.
          </p>
          <Link
            to={loginPath({ redirectTo: `${location.pathname}${location.search}` })}
            className="inline-flex min-h-11 items-center rounded-xl bg-brand-600 px-4 font-semibold text-white"
          >
            Sign in
          </Link>
        </>
      )}
    </div>
  );
}
