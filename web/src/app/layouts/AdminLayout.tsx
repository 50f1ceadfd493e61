import { Link, Outlet } from 'react-router';
import { AdminNav } from '../../features/admin/index.ts';
import { topOverlayClearance } from '../../ui/toasts/topOverlays.ts';
import { Main } from './Main.tsx';

/**
 * The one frame of every admin page (decision 0080): the admin areas and the way back to the app, and no
 * bottom bar, whose member tabs are not where an admin at work is going.
 */
export function AdminLayout() {
  return (
    <>
      <header
        className="border-b border-slate-200 bg-white px-safe"
        style={{ paddingTop: topOverlayClearance }}
      >
        <div className="mx-auto max-w-3xl">
          <div className="flex flex-wrap items-center justify-between gap-x-3">
            <Link
              to="/admin"
              className="inline-flex min-h-11 items-center text-sm font-semibold text-slate-800"
            >
              Uplift Admin
            </Link>
            <Link
              to="/"
              className="inline-flex min-h-11 items-center text-sm font-medium text-brand-700 underline underline-offset-2"
            >
              Back to the app
            </Link>
          </div>
          <AdminNav />
        </div>
      </header>
      <Main layout="admin" className="pb-safe" clearTopOverlays={false}>
        <Outlet />
      </Main>
    </>
  );
}
