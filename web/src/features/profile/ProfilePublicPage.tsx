import { Link } from 'react-router';
import { loginPath, useCurrentUser } from '../auth/index.ts';
import { ThemeChoice } from './settings/ThemeChoice.tsx';

const benefits = [
  'Take the skills assessment and track your progress',
  'Get full access to Vale, our AI assistant',
  'Post in the community and connect with partners',
];

const primaryLink =
  'inline-flex min-h-11 w-full items-center justify-center rounded-xl bg-brand-600 px-4 font-semibold text-white hover:bg-brand-700';
const secondaryLink =
  'inline-flex min-h-11 w-full items-center justify-center rounded-xl border border-brand-600 bg-white px-4 font-semibold text-brand-700 hover:bg-brand-50';

/** The Sign In / Join landing for visitors (SPEC §2 /profile-public). */
export default function ProfilePublicPage() {
  const user = useCurrentUser();
  return (
    <section className="mx-auto max-w-sm space-y-6 py-6">
      <header className="space-y-2">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Sign In / Join</h1>
        <p className="text-slate-700">
          Uplift is free for members. Measure your skills, keep learning, and see the difference our community
          makes.
        </p>
      </header>
      <ul className="list-disc space-y-1 pl-5 text-slate-700">
        {benefits.map((benefit) => (
          <li key={benefit}>{benefit}</li>
        ))}
      </ul>
      {user ? (
        <div className="space-y-3">
          <p className="text-slate-700">
            You are signed in as <strong className="text-slate-900">{user.displayName || user.email}</strong>.
          </p>
          <Link to={`/profile/${encodeURIComponent(user.id)}`} className={primaryLink}>
            Go to your profile
          </Link>
        </div>
      ) : (
        <div className="space-y-3">
          <Link to={loginPath()} className={primaryLink}>
            Sign in
          </Link>
          <Link to={loginPath({ mode: 'register' })} className={secondaryLink}>
            Create account
          </Link>
        </div>
      )}
      {/* A visitor's choice stays on this device; a member's follows them (the settings screen). */}
      {!user && <ThemeChoice />}
    </section>
  );
}
