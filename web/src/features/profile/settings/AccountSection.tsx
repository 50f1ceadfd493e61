import { useId } from 'react';
import { roleLabel, SignOutButton, useCurrentUser } from '../../auth/index.ts';
import { EmailText } from '../components/EmailText.tsx';

/** The signed-in account: who is signed in, with which role, and the way out. */
export function AccountSection() {
  const user = useCurrentUser();
  const headingId = useId();
  if (!user) return null;
  return (
    <section
      aria-labelledby={headingId}
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        Your account
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
        <dt className="font-medium text-slate-700">Name</dt>
        <dd className="min-w-0 break-words text-slate-900">{user.displayName || '—'}</dd>
        <dt className="font-medium text-slate-700">Email</dt>
        <dd className="min-w-0 text-slate-900">
          <EmailText email={user.email} />
        </dd>
        <dt className="font-medium text-slate-700">Role</dt>
        <dd className="min-w-0 text-slate-900">{roleLabel(user.role)}</dd>
      </dl>
      <SignOutButton className="w-full sm:w-auto" />
    </section>
  );
}
