import type { AuditEntry } from '@uplift/contracts';
import { Link } from 'react-router';
import { formatMoment } from '../../../lib/format/dateTime.ts';
import { auditActionLabel, describeChanges, targetLink, targetText } from './auditText.ts';

function Changes({ entry }: { entry: AuditEntry }) {
  const changes = describeChanges(entry);
  if (changes.length === 0) return null;
  return (
    <ul className="space-y-0.5 text-slate-700">
      {changes.map((change) => (
        <li key={change.field} className="break-words">
          {`${change.field}: `}
          {change.before !== null ? <del className="text-slate-600">{change.before}</del> : null}
          {change.before !== null && change.after !== null ? ' → ' : null}
          {change.after !== null ? (
            <ins className="font-medium text-slate-900 no-underline">{change.after}</ins>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * Audit entries as a list that reads well on a phone: who did what, in words, to which target (a link to
 * where it can be seen), what changed from what to what, and when.
 */
export function AuditList({ entries }: { entries: readonly AuditEntry[] }) {
  if (entries.length === 0) return <p className="text-slate-700">No admin actions recorded yet.</p>;
  return (
    <ol
      aria-label="Admin actions"
      className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white"
    >
      {entries.map((entry) => {
        const link = targetLink(entry);
        const target = targetText(entry);
        return (
          <li key={entry.id} className="space-y-1 p-3 text-sm">
            <p className="break-words text-slate-900">
              <span className="font-semibold">{entry.actorName}</span> {auditActionLabel(entry.action)}{' '}
              {link ? (
                <Link to={link} className="break-all text-brand-800 underline underline-offset-2">
                  {target}
                </Link>
              ) : (
                <span className="break-all">{target}</span>
              )}
            </p>
            <Changes entry={entry} />
            <p className="text-slate-600">
              <time dateTime={entry.at}>{formatMoment(entry.at, 'dateTime')}</time>
            </p>
          </li>
        );
      })}
    </ol>
  );
}
