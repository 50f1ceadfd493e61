import { useQuery } from '@tanstack/react-query';
import { industries, industryIdSchema, skillAreaIdSchema, skillAreas } from '@uplift/contracts';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useIsOnline } from '../../../lib/offline/index.ts';
import { membersQueryOptions } from '../api/getMembers.ts';

const searchDelayMs = 300;
const pageSize = 20;
const skillLabel = new Map<string, string>(skillAreas.map((area) => [area.id, area.label]));
const industryLabel = new Map<string, string>(industries.map((industry) => [industry.id, industry.label]));
const selectClass = 'mt-1 block min-h-11 w-full rounded-xl border border-slate-300 bg-white px-3 text-base';

/** The member directory: search by name or headline, filter by skill and industry, open a profile. */
export function MembersView() {
  const [params, setParams] = useSearchParams();
  const skill = skillAreaIdSchema.safeParse(params.get('skill')).data;
  const industry = industryIdSchema.safeParse(params.get('industry')).data;
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [typed, setTyped] = useState(q);
  const online = useIsOnline();

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

  useEffect(() => {
    if (typed.trim() === q) return;
    const timer = setTimeout(() => update('q', typed.trim() || null), searchDelayMs);
    return () => clearTimeout(timer);
  });

  const members = useQuery(membersQueryOptions({ q: q || undefined, skill, industry, page, pageSize }));
  const pages = members.data ? Math.max(1, Math.ceil(members.data.total / pageSize)) : 1;

  return (
    <section aria-label="Members" className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-3">
        <label className="block text-sm font-medium text-slate-900">
          Search members
          <input
            type="search"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            maxLength={100}
            placeholder="Name or headline"
            className="mt-1 block min-h-11 w-full rounded-xl border border-slate-300 bg-white px-3 text-base placeholder:text-slate-600"
          />
        </label>
        <label className="block text-sm font-medium text-slate-900">
          Skill
          <select
            value={skill ?? ''}
            onChange={(event) => update('skill', event.target.value)}
            className={selectClass}
          >
            <option value="">Any skill</option>
            {skillAreas.map((area) => (
              <option key={area.id} value={area.id}>
                {area.label}
              </option>
            ))}
          </select>
        </label>
        <label className="block text-sm font-medium text-slate-900">
          Industry
          <select
            value={industry ?? ''}
            onChange={(event) => update('industry', event.target.value)}
            className={selectClass}
          >
            <option value="">Any industry</option>
            {industries.map((entry) => (
              <option key={entry.id} value={entry.id}>
                {entry.label}
              </option>
            ))}
          </select>
        </label>
      </div>

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
              <button
                type="button"
                disabled={page <= 1}
                onClick={() => update('page', String(page - 1))}
                className="min-h-11 rounded-xl border border-slate-300 px-4 font-medium disabled:opacity-50"
              >
                Previous
              </button>
              <span className="text-sm text-slate-700">
                Page {page} of {pages}
              </span>
              <button
                type="button"
                disabled={page >= pages}
                onClick={() => update('page', String(page + 1))}
                className="min-h-11 rounded-xl border border-slate-300 px-4 font-medium disabled:opacity-50"
              >
                Next
              </button>
            </nav>
          )}
        </>
      ) : (
        <p role="status" className="text-slate-700">
          {!online
            ? 'The directory needs a connection the first time.'
            : members.isError
              ? 'Members could not be loaded. Try again in a moment.'
              : 'Loading members…'}
        </p>
      )}
    </section>
  );
}
