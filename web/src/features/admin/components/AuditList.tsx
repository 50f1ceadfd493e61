import type { AuditEntry } from '@uplift/contracts';
import { formatMoment } from '../../../lib/format/dateTime.ts';

function describeValues(values: Record<string, unknown> | null): string {
  if (!values) return '—';
  return Object.entries(values)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(', ');
}

/** Audit entries as a list that reads well on a phone: who did what to whom, when, before and after. */
export function AuditList({ entries }: { entries: readonly AuditEntry[] }) {
  if (entries.length === 0) return <p className="text-slate-700">No admin actions recorded yet.</p>;
  return (
    <ol className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
      {entries.map((entry) => (
        <li key={entry.id} className="space-y-0.5 p-3 text-sm">
          <p className="text-slate-900">
            <span className="font-semibold">{entry.actorName}</span> · <code>{entry.action}</code> ·{' '}
            <span className="break-all">
              {entry.subjectLabel ?? `${entry.subjectType} ${entry.subjectId}`}
            </span>
          </p>
          <p className="text-slate-700">
            {describeValues(entry.before)} → {describeValues(entry.after)}
          </p>
          <p className="text-slate-600">
            <time dateTime={entry.at}>{formatMoment(entry.at, 'dateTime')}</time>
          </p>
        </li>
      ))}
    </ol>
  );
}
