import { Link } from 'react-router';
import { loginPath } from '../../auth/index.ts';

/** What a visitor sees where a member writes: how to take part, rather than controls that do nothing. */
export function JoinInvitation() {
  return (
    <section
      aria-labelledby="join-invitation"
      className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="join-invitation" className="text-lg font-semibold text-slate-900">
        Join the conversation
      </h2>
      <p className="text-slate-700">Members post, comment and react. It is free to join.</p>
      <div className="flex flex-wrap gap-3">
        <Link
          to={loginPath({ redirectTo: '/community' })}
          className="inline-flex min-h-11 items-center rounded-xl bg-brand-600 px-4 font-semibold text-white"
        >
          Sign in to post
        </Link>
        <Link
          to={loginPath({ redirectTo: '/community', mode: 'register' })}
          className="inline-flex min-h-11 items-center rounded-xl border-2 border-brand-600 px-4 font-semibold text-brand-700"
        >
          Join Uplift
        </Link>
      </div>
    </section>
  );
}
