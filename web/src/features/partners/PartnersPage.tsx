import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDebouncedCallback } from 'use-debounce';
import { partnerCategories, partnerNearLimits, type PartnerCategory } from '@uplift/contracts';
import { useIsOnline } from '../../lib/offline/index.ts';
import { partnersQueryOptions } from './api/getPartners.ts';
import { CategoryChips } from './components/CategoryChips.tsx';
import { PartnerCard } from './components/PartnerCard.tsx';
import { NearMeToggle, useNearMe } from '../../ui/NearMe.tsx';
import { SearchField } from '../../ui/SearchField.tsx';
import { rememberLocation } from './lastLocation.ts';
import { Button } from '../../ui/Button.tsx';
import { LoadAlert } from '../../ui/LoadAlert.tsx';

const pageSize = 20;
const searchDelayMs = 300;

export default function PartnersPage() {
  const [params, setParams] = useSearchParams();
  // A plain lookup, not the zod schema: parsing one query parameter is not worth zod on this screen.
  const category =
    partnerCategories.find((known): known is PartnerCategory => known === params.get('category')) ?? null;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [typed, setTyped] = useState(params.get('q') ?? '');
  const q = params.get('q') ?? '';
  const nearMe = useNearMe('partners', rememberLocation);
  const online = useIsOnline();

  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes)) {
          if (value) next.set(name, value);
          else next.delete(name);
        }
        return next;
      },
      { replace: true },
    );

  // The list follows the search box once typing pauses. Timed from the last keystroke, not from the last
  // render: a render (a chip tapped, a page loaded) must not put the search off, or drop it.
  const search = useDebouncedCallback(
    (value: string) => update({ q: value.trim() || null, page: null }),
    searchDelayMs,
  );
  const type = (value: string) => {
    setTyped(value);
    search(value);
  };

  const near = nearMe.state.status === 'on' ? nearMe.state.near : undefined;
  const partners = useQuery(
    partnersQueryOptions({ q: q || undefined, category: category ?? undefined, near, pageSize, page }),
  );
  const pages = partners.data ? Math.max(1, Math.ceil(partners.data.total / pageSize)) : 1;

  return (
    <div className="space-y-5 py-6">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Partners</h1>
        <p className="text-slate-700">
          Employers, trainers, funders and support services you can reach out to.
        </p>
      </header>

      <div className="space-y-3">
        <SearchField
          label="Search partners"
          labelHidden
          value={typed}
          onValueChange={type}
          placeholder="Search partners"
          maxLength={200}
        />
        <CategoryChips value={category} onChange={(value) => update({ category: value, page: null })} />
        <NearMeToggle
          nearMe={nearMe}
          onText={`Sorted by distance, within ${partnerNearLimits.defaultRadiusKm} km of you.`}
        />
      </div>

      <LoadAlert className="text-slate-700">
        {!partners.data &&
          online &&
          partners.isError &&
          'Partners could not be loaded. Try again in a moment.'}
      </LoadAlert>
      {partners.data ? (
        <section aria-labelledby="partner-results" className="space-y-3">
          <h2 id="partner-results" className="text-sm font-medium text-slate-700" aria-live="polite">
            {partners.data.total === 1 ? '1 partner' : `${partners.data.total} partners`}
          </h2>
          {partners.data.items.length === 0 ? (
            <p className="text-slate-700">
              No partners match. Try other words
              {near ? ', another category or turn off "Near me"' : ' or another category'}.
            </p>
          ) : (
            <ul className="grid gap-3 sm:grid-cols-2">
              {partners.data.items.map((partner) => (
                <li key={partner.id}>
                  <PartnerCard partner={partner} />
                </li>
              ))}
            </ul>
          )}
          {pages > 1 && (
            <nav aria-label="Pages" className="flex items-center justify-between gap-3">
              <Button
                variant="secondary"
                disabled={page <= 1}
                onClick={() => update({ page: String(page - 1) })}
              >
                Previous
              </Button>
              <span className="text-sm text-slate-700">
                Page {page} of {pages}
              </span>
              <Button
                variant="secondary"
                disabled={page >= pages}
                onClick={() => update({ page: String(page + 1) })}
              >
                Next
              </Button>
            </nav>
          )}
        </section>
      ) : !online ? (
        <p className="text-slate-700">
          The partner directory needs a connection the first time. Try again online.
        </p>
      ) : partners.isError ? null : (
        <p role="status" className="text-slate-700">
          Loading partners…
        </p>
      )}
    </div>
  );
}
