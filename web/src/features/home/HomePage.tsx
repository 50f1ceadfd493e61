import { lazy } from 'react';
import { Link } from 'react-router';
import { RenderWhenNear } from '../../ui/RenderWhenNear.tsx';
import { useCurrentUser, useIsNewMember } from '../auth/index.ts';
import { ContinueWatching, FeaturedVideos, ShortsRow } from '../videos/index.ts';
import { destinationsFor } from './destinations.ts';
import { HomeLogo } from './HomeLogo.tsx';

// Far down the page, drawn only when the reader heads that way (RenderWhenNear): their code comes then too,
// not with the first screen (decision 0068).
const NearbyPartners = lazy(async () => ({
  default: (await import('../partners/index.ts')).NearbyPartners,
}));
const ImpactPanel = lazy(async () => ({ default: (await import('../impact/index.ts')).ImpactPanel }));

/**
 * Stands in for a section further down the page until the reader heads there (RenderWhenNear): its
 * heading is already in the outline, its data and drawing wait, so opening the app stays short.
 */
function SectionAhead({ title }: { title: string }) {
  return (
    <section aria-label={title} className="min-h-48">
      <h2 className="text-xl font-bold text-slate-900">{title}</h2>
    </section>
  );
}

/** The first name a member goes by, for the greeting. */
function firstName(displayName: string): string {
  return displayName.trim().split(/\s+/)[0] ?? displayName;
}

export default function HomePage() {
  const user = useCurrentUser();
  const newMember = useIsNewMember();
  return (
    <div className="space-y-8 py-6">
      <header className="space-y-2">
        <div className="flex items-center gap-3">
          <HomeLogo />
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">
            {user
              ? `${newMember ? 'Welcome' : 'Welcome back'}, ${firstName(user.displayName)}`
              : 'Welcome to Uplift'}
          </h1>
        </div>
        <p className="text-lg text-slate-700">
          Measure your skills, keep learning, and see the economic uplift our community creates.
        </p>
      </header>
      <nav aria-label="Get started">
        <ul className="grid gap-3 sm:grid-cols-2">
          {destinationsFor(user !== null).map(({ to, title, summary, Icon }) => (
            <li key={to}>
              <Link
                to={to}
                className="flex min-h-11 items-start gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm transition-colors hover:border-brand-600 active:bg-brand-50"
              >
                <span className="rounded-xl bg-brand-100 p-2 text-brand-700">
                  <Icon aria-hidden="true" className="size-6" />
                </span>
                <span className="space-y-1">
                  <span className="block font-semibold text-slate-900">{title}</span>
                  <span className="block text-sm text-slate-700">{summary}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {user ? <ContinueWatching userId={user.id} /> : null}
      <FeaturedVideos userId={user?.id ?? null} />
      <ShortsRow userId={user?.id ?? null} />
      <RenderWhenNear placeholder={<SectionAhead title="Partners" />}>
        <NearbyPartners />
      </RenderWhenNear>
      <RenderWhenNear placeholder={<SectionAhead title="Economic impact" />}>
        <ImpactPanel />
      </RenderWhenNear>
    </div>
  );
}
