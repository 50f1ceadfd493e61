import { roleLabels, type DashboardStats } from '@uplift/contracts';
import { Link } from 'react-router';
import { formatCount } from '../../impact/index.ts';

type CardStats = Pick<DashboardStats, 'membersByRole' | 'newMembers' | 'days' | 'from'>;

/**
 * The dashboard's headline numbers, each a link to the member list filtered to exactly those members
 * (the same filter the server counts with), so a number can be acted on, not only read.
 */
export function NumberCards({ stats }: { stats: CardStats }) {
  const total = stats.membersByRole.reduce((sum, entry) => sum + entry.count, 0);
  const cards = [
    { label: 'All members', count: total, to: '/admin/users' },
    {
      label: `Joined in the last ${stats.days} days`,
      count: stats.newMembers,
      to: `/admin/users?joinedFrom=${stats.from}`,
    },
    ...stats.membersByRole.map((entry) => ({
      label: `${roleLabels[entry.role]}s`,
      count: entry.count,
      to: `/admin/users?role=${entry.role}`,
    })),
  ];
  return (
    <ul aria-label="Members in numbers" className="grid grid-cols-2 gap-2 sm:grid-cols-3">
      {cards.map((card) => (
        <li key={card.to}>
          <Link
            to={card.to}
            className="flex min-h-11 h-full flex-col justify-between gap-1 rounded-xl border border-slate-200 bg-white p-3 hover:bg-slate-50"
          >
            <span className="text-sm break-words text-slate-700">{card.label}</span>
            <span className="text-2xl font-bold text-slate-900">{formatCount(card.count)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
