import { useQuery } from '@tanstack/react-query';
import {
  auditActionLabels,
  auditLogFilterSchema,
  auditSubjectTypes,
  type AuditLogFilter,
} from '@uplift/contracts';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { auditActorsQueryOptions, auditExportUrl, auditLogQueryOptions } from './api/getAuditLog.ts';
import { searchOf } from './api/keys.ts';
import { AuditList } from './components/AuditList.tsx';
import { LoadAlert } from '../../ui/LoadAlert.tsx';
import { Button } from '../../ui/Button.tsx';

const pageSize = 25;
const field = 'min-h-11 w-full rounded-lg border border-slate-300 bg-white px-2 text-sm';

/** The verbs of each kind of target, for the action filter: a kind's every verb, or one of them. */
const actionGroups = auditSubjectTypes.map((type) => ({
  ...type,
  verbs: Object.entries(auditActionLabels).filter(([verb]) => verb.startsWith(`${type.id}.`)),
}));

function AuditFilters({
  filter,
  onChange,
}: {
  filter: AuditLogFilter;
  onChange: (filter: AuditLogFilter) => void;
}) {
  const actors = useQuery(auditActorsQueryOptions());
  const set = (patch: Partial<AuditLogFilter>) => onChange({ ...filter, ...patch });
  return (
    <form
      role="search"
      aria-label="Filter the audit log"
      className="grid grid-cols-1 gap-2 min-[400px]:grid-cols-2 lg:grid-cols-5"
      onSubmit={(e) => e.preventDefault()}
    >
      <label className="space-y-1 text-sm text-slate-800">
        <span>Admin</span>
        <select
          value={filter.actorId ?? ''}
          onChange={(e) => set({ actorId: e.target.value || undefined })}
          className={field}
        >
          <option value="">Any admin</option>
          {actors.data?.items.map((actor) => (
            <option key={actor.id} value={actor.id}>
              {actor.name}
            </option>
          ))}
        </select>
      </label>
      <label className="space-y-1 text-sm text-slate-800">
        <span>Action</span>
        <select
          value={filter.action ?? ''}
          onChange={(e) => set({ action: e.target.value || undefined })}
          className={field}
        >
          <option value="">Any action</option>
          {actionGroups.map((group) => (
            <optgroup key={group.id} label={group.label}>
              <option value={group.id}>{`Anything on ${group.label.toLowerCase()}`}</option>
              {group.verbs.map(([verb, label]) => (
                <option key={verb} value={verb}>
                  {label.replace(/ of$/, '')}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </label>
      <label className="space-y-1 text-sm text-slate-800">
        <span>Target</span>
        <input
          type="search"
          value={filter.target ?? ''}
          placeholder="Email, title or id"
          onChange={(e) => set({ target: e.target.value || undefined })}
          className={field}
        />
      </label>
      <label className="space-y-1 text-sm text-slate-800">
        <span>From</span>
        <input
          type="date"
          value={filter.from ?? ''}
          onChange={(e) => set({ from: e.target.value || undefined })}
          className={field}
        />
      </label>
      <label className="space-y-1 text-sm text-slate-800">
        <span>Until</span>
        <input
          type="date"
          value={filter.to ?? ''}
          onChange={(e) => set({ to: e.target.value || undefined })}
          className={field}
        />
      </label>
    </form>
  );
}

/** One page of entries, newest first; a stack of cursors walks older and back (keyset pages never shift). */
function AuditPages({ filter }: { filter: AuditLogFilter }) {
  const [cursors, setCursors] = useState<string[]>([]);
  const cursor = cursors.at(-1);
  const page = useQuery({
    ...auditLogQueryOptions({ ...filter, cursor, limit: pageSize }),
    placeholderData: (previous) => previous,
  });
  const next = page.data?.nextCursor ?? null;
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700 empty:hidden" aria-live="polite">
        {page.isPending
          ? 'Loading entries…'
          : page.isError
            ? ''
            : `Page ${cursors.length + 1}${page.data.items.length === 0 ? ': no entries match' : ''}`}
      </p>
      <LoadAlert className="rounded-xl bg-red-50 p-3 font-medium text-red-800">
        {page.isError && `The audit log could not be loaded: ${page.error.message}`}
      </LoadAlert>
      {page.data && page.data.items.length > 0 ? <AuditList entries={page.data.items} /> : null}
      <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-2">
        <Button
          variant="secondary"
          size="sm"
          disabled={cursors.length === 0}
          onClick={() => setCursors((stack) => stack.slice(0, -1))}
        >
          Newer entries
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={!next}
          onClick={() => next && setCursors((stack) => [...stack, next])}
        >
          Older entries
        </Button>
      </nav>
    </div>
  );
}

/**
 * /admin/audit (admin layout, which carries the admin navigation): every admin action, newest first, with who, what in words, the target with a link,
 * what changed, and when; filtered by admin, action, target and period (kept in the address), paged, and
 * exported as CSV with the same filter.
 */
export default function AdminAuditPage() {
  const [params, setParams] = useSearchParams();
  const filter = auditLogFilterSchema.safeParse(Object.fromEntries(params)).data ?? {};
  const key = searchOf(filter);
  return (
    <div className="space-y-4 py-4">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Audit log</h1>
      <AuditFilters
        filter={filter}
        onChange={(next) => setParams(new URLSearchParams(searchOf(next)), { replace: true })}
      />
      <a
        href={auditExportUrl(filter)}
        download
        className="inline-flex min-h-11 items-center rounded-lg border border-brand-700 px-3 text-sm font-medium text-brand-800"
      >
        Export CSV
      </a>
      {/* A new filter starts again from the newest page. */}
      <AuditPages key={key} filter={filter} />
    </div>
  );
}
