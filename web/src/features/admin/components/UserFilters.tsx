import { roleLabels, roles, type AdminUserFilter } from '@uplift/contracts';
import { verificationLabels } from './verification.ts';

const field = 'min-h-11 w-full rounded-lg border border-slate-300 bg-white px-2 text-sm';

/** The filter the list, the export and "all that match" share. */
export function UserFilters({
  filter,
  onChange,
}: {
  filter: AdminUserFilter;
  onChange: (filter: AdminUserFilter) => void;
}) {
  const set = (patch: Partial<AdminUserFilter>) => onChange({ ...filter, ...patch });
  return (
    <form
      role="search"
      aria-label="Filter members"
      className="grid grid-cols-2 gap-2 sm:grid-cols-6"
      onSubmit={(e) => e.preventDefault()}
    >
      <label className="col-span-2 space-y-1 text-sm text-slate-800 sm:col-span-1">
        <span>Search</span>
        <input
          type="search"
          value={filter.q ?? ''}
          placeholder="Name or email"
          onChange={(event) => set({ q: event.target.value || undefined })}
          className={field}
        />
      </label>
      <label className="space-y-1 text-sm text-slate-800">
        <span>Role</span>
        <select
          value={filter.role ?? ''}
          onChange={(e) => set({ role: (e.target.value || undefined) as AdminUserFilter['role'] })}
          className={field}
        >
          <option value="">Any role</option>
          {roles.map((role) => (
            <option key={role} value={role}>
              {roleLabels[role]}
            </option>
          ))}
        </select>
      </label>
      <label className="space-y-1 text-sm text-slate-800">
        <span>Status</span>
        <select
          value={filter.status ?? ''}
          onChange={(e) => set({ status: (e.target.value || undefined) as AdminUserFilter['status'] })}
          className={field}
        >
          <option value="">Any status</option>
          <option value="active">Active</option>
          <option value="suspended">Suspended</option>
        </select>
      </label>
      <label className="space-y-1 text-sm text-slate-800">
        <span>Email</span>
        <select
          value={filter.verified ?? ''}
          onChange={(e) => set({ verified: (e.target.value || undefined) as AdminUserFilter['verified'] })}
          className={field}
        >
          <option value="">All</option>
          <option value="verified">{verificationLabels.verified}</option>
          <option value="unverified">{verificationLabels.unverified}</option>
        </select>
      </label>
      <label className="space-y-1 text-sm text-slate-800">
        <span>Joined from</span>
        <input
          type="date"
          value={filter.joinedFrom ?? ''}
          onChange={(e) => set({ joinedFrom: e.target.value || undefined })}
          className={field}
        />
      </label>
      <label className="space-y-1 text-sm text-slate-800">
        <span>Joined until</span>
        <input
          type="date"
          value={filter.joinedTo ?? ''}
          onChange={(e) => set({ joinedTo: e.target.value || undefined })}
          className={field}
        />
      </label>
    </form>
  );
}
