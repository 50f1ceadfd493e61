import type { PartnerRequestStatus } from '@uplift/contracts';

type Shown = PartnerRequestStatus | 'queued';

const looks: Record<Shown, { label: string; className: string }> = {
  queued: { label: 'Waiting to send', className: 'bg-slate-100 text-slate-800' },
  pending: { label: 'Pending', className: 'bg-amber-100 text-amber-900' },
  accepted: { label: 'Accepted', className: 'bg-emerald-100 text-emerald-900' },
  declined: { label: 'Declined', className: 'bg-rose-100 text-rose-900' },
};

export function RequestStatus({ status }: { status: Shown }) {
  const { label, className } = looks[status];
  return <span className={`rounded-full px-2.5 py-0.5 text-sm font-medium ${className}`}>{label}</span>;
}
