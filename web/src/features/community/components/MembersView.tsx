import { useQuery } from '@tanstack/react-query';
import { directoryNearKm, industries, profileLimits, skillAreas } from '@uplift/contracts';
import { useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useDebouncedCallback } from 'use-debounce';
import { useIsOnline } from '../../../lib/offline/index.ts';
import { backState } from '../../../ui/BackLink.tsx';
import { membersQueryOptions } from '../api/getMembers.ts';
import { NearMeToggle, useNearMe } from '../../../ui/NearMe.tsx';
import { LoadAlert } from '../../../ui/LoadAlert.tsx';
import { SearchField } from '../../../ui/SearchField.tsx';
import { Select } from '../../../ui/Select.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { Button } from '../../../ui/Button.tsx';

const searchDelayMs = 300;
const pageSize = 20;
const skillLabel = new Map<string, string>(skillAreas.map((area) => [area.id, area.label]));
const industryLabel = new Map<string, string>(industries.map((industry) => [industry.id, industry.label]));
function knownIdOf<Id extends string>(list: ReadonlyArray<{ id: Id }>, id: string | null): Id | undefined {
  return list.find((entry) => entry.id === id)?.id;
}
const formatKm = (km: number) => `${km < 10 ? km.toFixed(1) : Math.round(km)} km`;
const skillOptions = [
  { value: '', label: 'Any skill' },
  ...skillAreas.map((area) => ({ value: area.id, label: area.label })),
];
const industryOptions = [
  { value: '', label: 'Any industry' },
  ...industries.map((entry) => ({ value: entry.id, label: entry.label })),
];

/**
 * The member directory: search by name or headline, filter by skill, industry and city, or list the
 * members near me (nearest first); each opens their profile.
 */
export function MembersView() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  // Ids checked against the lists (not their schemas: this screen loads no zod); anything else is no filter.
  const skill = knownIdOf(skillAreas, params.get('skill'));
  const industry = knownIdOf(industries, params.get('industry'));
  const q = params.get('q') ?? '';
  const city = params.get('city') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [typed, setTyped] = useState(q);
  const [typedCity, setTypedCity] = useState(city);
  const online = useIsOnline();
  const nearMe = useNearMe('members');
  const near = nearMe.state.status === 'on' ? nearMe.state.near : undefined;

  const update = (name: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        if (name !== 'page') next.delete('page');
        return next;
      },
      { replace: true },
    );

  // Each box is timed from its own last keystroke, not from the last render (which put a search off for as
  // long as something else re-rendered the page).
  const searchName = useDebouncedCallback(
    (value: string) => update('q', value.trim() || null),
    searchDelayMs,
  );
  const searchCity = useDebouncedCallback(
    (value: string) => update('city', value.trim() || null),
    searchDelayMs,
  );

  const members = useQuery(
    membersQueryOptions({
      q: q || undefined,
      skill,
      industry,
      city: city || undefined,
      near,
      page,
      pageSize,
    }),
  );
  const pages = members.data ? Math.max(1, Math.ceil(members.data.total / pageSize)) : 1;

  return (
    <section aria-label="Members" className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-2">
        <SearchField
          label="Search members"
          value={typed}
          onValueChange={(value) => {
            setTyped(value);
            searchName(value);
          }}
          maxLength={100}
          placeholder="Name or headline"
        />
        <Select
          label="Skill"
          value={skill ?? ''}
          onValueChange={(value) => update('skill', value)}
          options={skillOptions}
        />
        <Select
          label="Industry"
          value={industry ?? ''}
          onValueChange={(value) => update('industry', value)}
          options={industryOptions}
        />
        <TextField
          label="City"
          value={typedCity}
          onValueChange={(value) => {
            setTypedCity(value);
            searchCity(value);
          }}
          maxLength={profileLimits.placeMax}
          placeholder="Any city"
          autoComplete="address-level2"
        />
      </div>
      <NearMeToggle
        nearMe={nearMe}
        onText={`Nearest first, within ${directoryNearKm} km of you.`}
        disabled={!online}
      />

      <LoadAlert className="text-slate-700">
        {online && !members.data && members.isError && 'Members could not be loaded. Try again in a moment.'}
      </LoadAlert>
      {members.data ? (
        <>
          <h2 className="text-sm font-medium text-slate-700" aria-live="polite">
            {members.data.total === 1 ? '1 member' : `${members.data.total} members`}
          </h2>
          <ul className="grid gap-3 sm:grid-cols-2">
            {members.data.items.map((member) => (
              <li key={member.id}>
                <Link
                  to={`/profile/${member.id}`}
                  state={backState(location, 'members')}
                  className="flex min-h-11 gap-3 rounded-2xl border border-slate-200 bg-white p-3 hover:border-brand-600"
                >
                  {member.avatarUrl ? (
                    <img
                      src={member.avatarUrl}
                      alt=""
                      className="size-12 shrink-0 rounded-full object-cover"
                    />
                  ) : (
                    <span
                      aria-hidden="true"
                      className="grid size-12 shrink-0 place-items-center rounded-full bg-brand-100 font-semibold text-brand-800"
                    >
                      {member.name.charAt(0).toUpperCase()}
                    </span>
                  )}
                  <span className="min-w-0 text-sm">
                    <span className="block font-semibold text-slate-900">{member.name}</span>
                    {member.headline && <span className="block text-slate-800">{member.headline}</span>}
                    <span className="block text-slate-700">
                      {[
                        member.industry && (industryLabel.get(member.industry) ?? member.industry),
                        member.city,
                        member.distanceKm !== null && `${formatKm(member.distanceKm)} away`,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </span>
                    {member.topSkills.length > 0 && (
                      <span className="block text-slate-700">
                        {member.topSkills.map((id) => skillLabel.get(id) ?? id).join(', ')}
                      </span>
                    )}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          {members.data.items.length === 0 && (
            <p className="text-slate-700">No members match these filters.</p>
          )}
          {pages > 1 && (
            <nav aria-label="Member pages" className="flex items-center justify-between gap-3">
              <Button
                variant="secondary"
                disabled={page <= 1}
                onClick={() => update('page', String(page - 1))}
              >
                Previous
              </Button>
              <span className="text-sm text-slate-700">
                Page {page} of {pages}
              </span>
              <Button
                variant="secondary"
                disabled={page >= pages}
                onClick={() => update('page', String(page + 1))}
              >
                Next
              </Button>
            </nav>
          )}
        </>
      ) : online && members.isError ? null : (
        <p role="status" className="text-slate-700">
          {online ? 'Loading members…' : 'The directory needs a connection the first time.'}
        </p>
      )}
    </section>
  );
}
