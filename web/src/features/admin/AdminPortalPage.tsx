import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { overviewQueryOptions } from './api/getOverview.ts';
import { AuditList } from './components/AuditList.tsx';
import { LoadAlert } from '../../ui/LoadAlert.tsx';

/** /admin: what needs an admin now, every admin area, and the latest admin actions. */
export default function AdminPortalPage() {
  const overview = useQuery(overviewQueryOptions());
  const data = overview.data;
  return (
    <div className="space-y-5 py-4">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Admin Portal</h1>
      <LoadAlert className="text-slate-700">
        {overview.isError && 'The portal could not be loaded. Try again.'}
      </LoadAlert>
      {!data ? (
        overview.isError ? null : (
          <p role="status" className="text-slate-700">
            Loading…
          </p>
        )
      ) : (
        <>
          <section aria-labelledby="attention-heading" className="space-y-2">
            <h2 id="attention-heading" className="text-lg font-semibold text-slate-900">
              Needs attention
            </h2>
            <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2">
              {data.attention.map((item) => (
                <li key={item.id}>
                  <Link
                    to={item.path}
                    className="flex min-h-11 items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white p-3 hover:bg-slate-50"
                  >
                    <span className="text-slate-800">{item.label}</span>
                    <span className="text-xl font-bold text-slate-900">{item.count}</span>
                  </Link>
                </li>
              ))}
              <li>
                <Link
                  to="/admin/users?status=suspended"
                  className="flex min-h-11 items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white p-3 hover:bg-slate-50"
                >
                  <span className="text-slate-800">Suspended members (of {data.members})</span>
                  <span className="text-xl font-bold text-slate-900">{data.suspended}</span>
                </Link>
              </li>
            </ul>
          </section>
          <section aria-labelledby="audit-heading" className="space-y-2">
            <h2 id="audit-heading" className="text-lg font-semibold text-slate-900">
              Latest admin actions
            </h2>
            <AuditList entries={data.latestAudit} />
            <Link
              to="/admin/audit"
              className="inline-flex min-h-11 items-center text-sm font-medium text-brand-800 underline underline-offset-2"
            >
              The whole audit log
            </Link>
          </section>
        </>
      )}
    </div>
  );
}
