import { Link, Outlet } from 'react-router';
import { AdminNav } from '../../features/admin/index.ts';
import { topOverlayClearance } from '../../ui/toasts/topOverlays.ts';
import { Main } from './Main.tsx';

export function AdminLayout() {
  return (
    <>
      <header
        className="border-b border-slate-200 bg-white px-safe"
        style={{ paddingTop: topOverlayClearance }}
      >
        <div className="mx-auto max-w-3xl">
          <Link
            to="/admin"
            className="inline-flex min-h-11 items-center text-sm font-semibold text-slate-800"
          >
            Uplift Admin
          </Link>
          <AdminNav />
        </div>
      </header>
      <Main layout="admin" className="pb-safe" clearTopOverlays={false}>
        <Outlet />
      </Main>
    </>
  );
}
