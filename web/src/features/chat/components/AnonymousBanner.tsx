import { Sparkles } from 'lucide-react';
import { memo } from 'react';
import { Link } from 'react-router';
import { loginPath } from '../../auth/index.ts';

export const anonymousBannerText = 'Try our AI assistant - sign in for full access';

/** SPEC §1: anonymous visitors get limited access, and are told how to get the rest. */
export const AnonymousBanner = memo(function AnonymousBanner() {
  return (
    <div className="flex items-center gap-3 rounded-2xl border border-brand-100 bg-brand-50 p-3">
      <Sparkles aria-hidden="true" className="size-5 shrink-0 text-brand-700" />
      <p className="min-w-0 flex-1 text-sm font-medium text-brand-800">{anonymousBannerText}</p>
      <Link
        to={loginPath({ redirectTo: '/chat' })}
        className="inline-flex min-h-11 shrink-0 items-center rounded-full bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700"
      >
        Sign in
      </Link>
    </div>
  );
});
