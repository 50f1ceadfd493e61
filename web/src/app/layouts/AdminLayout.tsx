import { Link, NavLink, Outlet } from 'react-router';
import { Main } from './Main.tsx';

const adminSections = [
  { to: '/admin/dashboard', label: 'Dashboard' },
  { to: '/admin/users', label: 'Users' },
  { to: '/admin/videos', label: 'Videos' },
  { to: '/admin/partners', label: 'Partners' },
  { to: '/admin/notifications', label: 'Notifications' },
];

export function AdminLayout() {
  return (
    <>
      <header className="border-b border-slate-200 bg-white px-safe pt-safe">
        <div className="mx-auto max-w-3xl">
          <Link
            to="/admin"
            className="inline-flex min-h-11 items-center text-sm font-semibold text-slate-800"
          >
            Uplift Admin
          </Link>
          {/* Scrolls sideways rather than wrapping, so five sections fit a 320 px screen. */}
          <nav aria-label="Admin" className="-mx-2 overflow-x-auto">
            <ul className="flex gap-1 px-2">
              {adminSections.map((section) => (
                <li key={section.to}>
                  <NavLink
                    to={section.to}
                    className={({ isActive }) =>
                      `flex min-h-11 items-center border-b-2 px-3 text-sm font-medium whitespace-nowrap ${
                        isActive
                          ? 'border-brand-600 text-brand-700'
                          : 'border-transparent text-slate-700 hover:text-slate-900'
                      }`
                    }
                  >
                    {section.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </header>
      <Main layout="admin" className="pb-safe">
        <Outlet />
      </Main>
    </>
  );
}
