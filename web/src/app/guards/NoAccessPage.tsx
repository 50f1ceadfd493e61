import type { Role, User } from '@uplift/contracts';
import { Link } from 'react-router';
import { roleLabel } from '../../features/auth/index.ts';
import { HomeLink } from '../../ui/HomeLink.tsx';

const neededFor: Record<Role, string> = {
  'member-tier-1': 'signed-in members',
  'member-tier-2': 'premium members (member tier 2)',
  admin: 'admins',
};

/** Shown in place of a page the signed-in user's role does not reach. The server refuses it too. */
export function NoAccessPage({ required, user }: { required: Role; user: User }) {
  return (
    <section className="space-y-3 py-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">No access</h1>
      <p className="text-slate-700">
        {`This page is only for ${neededFor[required]}. You are signed in as ${user.displayName || user.email}, with the ${roleLabel(user.role)} role.`}
      </p>
      <p className="text-slate-700">
        If you think you should have access, ask an Uplift admin to change your role.
      </p>
      <ul className="flex flex-wrap gap-x-6">
        <li>
          <HomeLink />
        </li>
        <li>
          <Link
            to={`/profile/${encodeURIComponent(user.id)}`}
            className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800"
          >
            Go to your profile
          </Link>
        </li>
      </ul>
    </section>
  );
}
