import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { partnerNearLimits } from '@uplift/contracts';
import { useIsOnline } from '../../../lib/offline/index.ts';
import { partnersQueryOptions } from '../api/getPartners.ts';
import { rememberedLocation } from '../lastLocation.ts';
import { PartnerCard } from './PartnerCard.tsx';
import { LoadAlert } from '../../../ui/LoadAlert.tsx';

interface NearbyPartnersProps {
  /** The member's city, when their profile has one: used when no location is remembered. */
  city?: string | null;
  /** How many partners to show. */
  limit?: number;
}

/**
 * Home's "Partners near you": near the last location "Near me" found, else in the member's city, else
 * a first few from the directory. Offline it shows what the content cache kept.
 */
export function NearbyPartners({ city, limit = 4 }: NearbyPartnersProps) {
  const online = useIsOnline();
  const near = rememberedLocation();
  const filters = near ? { near, pageSize: limit } : city ? { city, pageSize: limit } : { pageSize: limit };
  const partners = useQuery(partnersQueryOptions(filters));
  const where = near ? `within ${partnerNearLimits.defaultRadiusKm} km of you` : city ? `in ${city}` : null;

  let body;
  if (partners.data) {
    body =
      partners.data.items.length === 0 ? (
        <p className="text-slate-700">
          No partners {where ?? 'listed'} yet. Browse the whole directory instead.
        </p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {partners.data.items.map((partner) => (
            <li key={partner.id}>
              <PartnerCard partner={partner} />
            </li>
          ))}
        </ul>
      );
  } else if (!online) {
    body = <p className="text-slate-700">Partners near you will appear when you are back online.</p>;
  } else if (partners.isError) {
    body = null;
  } else {
    body = (
      <p role="status" className="text-slate-700">
        Loading partners…
      </p>
    );
  }

  return (
    <section aria-labelledby="nearby-partners-heading" className="space-y-3">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="nearby-partners-heading" className="text-xl font-bold text-slate-900">
          {where ? 'Partners near you' : 'Partners'}
        </h2>
        <Link
          to="/partners"
          className="inline-flex min-h-11 items-center font-medium text-brand-700 underline"
        >
          All partners
        </Link>
      </div>
      <LoadAlert className="text-slate-700">
        {!partners.data &&
          online &&
          partners.isError &&
          'Partners could not be loaded. Try again in a moment.'}
      </LoadAlert>
      {body}
    </section>
  );
}
