import { industryLabel, profilePrivacies, skillAreaLabel, type Profile } from '@uplift/contracts';
import { ExternalLink, MapPin, UserRound } from 'lucide-react';
import { EmailText } from './EmailText.tsx';

function place(profile: Profile): string | null {
  const { city, region, country } = profile.location;
  const parts = [city, region, country].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : null;
}

/** A member's profile as others see it; the owner also sees the email and who can see the profile. */
export function ProfileCard({ profile }: { profile: Profile }) {
  const where = place(profile);
  return (
    <article className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex items-center gap-4">
        {profile.photo ? (
          <img
            src={profile.photo.header}
            alt={`Photo of ${profile.displayName}`}
            width={96}
            height={96}
            className="size-24 shrink-0 rounded-full object-cover"
          />
        ) : (
          <span className="flex size-24 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-700">
            <UserRound aria-hidden="true" className="size-12" />
          </span>
        )}
        <div className="min-w-0 space-y-1">
          <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900">
            {profile.displayName}
          </h1>
          {profile.headline && <p className="break-words text-slate-700">{profile.headline}</p>}
        </div>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
        {profile.industry && (
          <>
            <dt className="font-medium text-slate-700">Industry</dt>
            <dd className="min-w-0 text-slate-900">{industryLabel(profile.industry)}</dd>
          </>
        )}
        {where && (
          <>
            <dt className="font-medium text-slate-700">
              <MapPin aria-hidden="true" className="mr-1 inline size-4" />
              Location
            </dt>
            <dd className="min-w-0 break-words text-slate-900">{where}</dd>
          </>
        )}
        {profile.email && (
          <>
            <dt className="font-medium text-slate-700">Email</dt>
            <dd className="min-w-0 text-slate-900">
              <EmailText email={profile.email} />
            </dd>
          </>
        )}
        {profile.isOwn && (
          <>
            <dt className="font-medium text-slate-700">Visible to</dt>
            <dd className="min-w-0 text-slate-900">
              {profilePrivacies.find((option) => option.id === profile.privacy)?.label}
            </dd>
          </>
        )}
      </dl>
      {profile.bio && <p className="break-words whitespace-pre-line text-slate-800">{profile.bio}</p>}
      {(profile.skills.length > 0 || profile.tags.length > 0) && (
        <ul aria-label="Skills and interests" className="flex flex-wrap gap-2">
          {profile.skills.map((skill) => (
            <li key={skill} className="rounded-full bg-brand-100 px-3 py-1 text-sm text-brand-800">
              {skillAreaLabel(skill)}
            </li>
          ))}
          {profile.tags.map((tag) => (
            <li key={tag} className="rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-800">
              {tag}
            </li>
          ))}
        </ul>
      )}
      {profile.links.length > 0 && (
        <ul aria-label="Links" className="space-y-1">
          {profile.links.map((link) => (
            <li key={link.url}>
              <a
                href={link.url}
                target="_blank"
                rel="noopener noreferrer nofollow"
                className="inline-flex min-h-11 items-center gap-1 font-medium break-all text-brand-700 underline"
              >
                {link.label}
                <ExternalLink aria-hidden="true" className="size-4 shrink-0" />
              </a>
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
