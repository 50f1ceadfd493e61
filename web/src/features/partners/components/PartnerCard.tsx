import { MapPin } from 'lucide-react';
import { Link } from 'react-router';
import { partnerCategoryLabels, type Partner } from '@uplift/contracts';
import { PartnerLogo } from './PartnerLogo.tsx';

export function formatDistance(km: number): string {
  return km < 10 ? `${km.toFixed(1)} km away` : `${Math.round(km)} km away`;
}

export function PartnerCard({
  partner,
  headingLevel = 'h3',
}: {
  partner: Partner;
  headingLevel?: 'h2' | 'h3';
}) {
  const Heading = headingLevel;
  return (
    <Link
      to={`/partners/${partner.id}`}
      className="flex min-h-11 items-start gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm transition-colors hover:border-brand-600 active:bg-brand-50"
    >
      <PartnerLogo svg={partner.logoSvg} />
      <span className="min-w-0 space-y-1">
        <Heading className="font-semibold text-slate-900">{partner.name}</Heading>
        <span className="block text-sm text-slate-700">{partnerCategoryLabels[partner.category]}</span>
        <span className="flex flex-wrap items-center gap-x-2 text-sm text-slate-700">
          <MapPin aria-hidden="true" className="size-4" />
          <span>{partner.city}</span>
          {partner.distanceKm !== null && <span>· {formatDistance(partner.distanceKm)}</span>}
        </span>
      </span>
    </Link>
  );
}
