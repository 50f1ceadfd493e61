import { auditActionLabel, roleLabels, type AuditEntry, type Role } from '@uplift/contracts';
import { formatMoment } from '../../../lib/format/dateTime.ts';

export { auditActionLabel };

/** "pinnedAt" → "Pinned at", "postId" → "Post". */
function fieldLabel(key: string): string {
  const words = key
    .replace(/Id$/, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replaceAll('_', ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const isoMoment = /^\d{4}-\d\d-\d\dT\d\d:\d\d/;

/** One recorded value as a reader says it: roles and states in words, moments in their time zone. */
function valueText(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return 'none';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string') {
    if (key === 'role' && value in roleLabels) return roleLabels[value as Role];
    if (key === 'status' && (value === 'active' || value === 'suspended')) {
      return value === 'active' ? 'Active' : 'Suspended';
    }
    if (isoMoment.test(value)) return formatMoment(value, 'dateTime');
    return value;
  }
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

export interface FieldChange {
  field: string;
  before: string | null;
  after: string | null;
}

/**
 * Before → after, field by field, for the fields that changed: "Role: Member → Premium member". A deleted
 * target shows what it was (no after side), a created one what it became (no before side); a field
 * recorded on one side only of a change is context (a comment's post), not a change, and ids are links'
 * business, not text.
 */
export function describeChanges(entry: Pick<AuditEntry, 'before' | 'after'>): FieldChange[] {
  const { before, after } = entry;
  const shown = (key: string) => !/Id$/.test(key);
  if (!before && !after) return [];
  if (!after) {
    return Object.entries(before ?? {})
      .filter(([key]) => shown(key))
      .map(([key, value]) => ({ field: fieldLabel(key), before: valueText(key, value), after: null }));
  }
  if (!before) {
    return Object.entries(after)
      .filter(([key]) => shown(key))
      .map(([key, value]) => ({ field: fieldLabel(key), before: null, after: valueText(key, value) }));
  }
  return Object.keys(after)
    .filter((key) => shown(key) && JSON.stringify(before[key]) !== JSON.stringify(after[key]))
    .map((key) => ({
      field: fieldLabel(key),
      before: key in before ? valueText(key, before[key]) : null,
      after: valueText(key, after[key]),
    }));
}

/** Where the target can be seen: the member in the list, the post's thread, the admin page of the kind. */
export function targetLink(entry: AuditEntry): string | null {
  switch (entry.subjectType) {
    case 'user':
      return `/admin/users?q=${encodeURIComponent(entry.subjectLabel ?? entry.subjectId)}`;
    case 'post':
      return `/community/posts/${encodeURIComponent(entry.subjectId)}`;
    case 'comment': {
      const postId = entry.before?.postId ?? entry.after?.postId;
      return typeof postId === 'string' ? `/community/posts/${encodeURIComponent(postId)}` : null;
    }
    case 'video':
      return '/admin/videos';
    case 'partner':
    case 'partner_request':
      return '/admin/partners';
    case 'notification':
    case 'mail':
      return '/admin/notifications';
    default:
      return null;
  }
}

export function targetText(entry: AuditEntry): string {
  return entry.subjectLabel ?? `${entry.subjectType.replaceAll('_', ' ')} ${entry.subjectId}`;
}
