import { adminAreas } from '@uplift/contracts';
import { Link, NavLink } from 'react-router';

/**
 * Every admin area and the way back to the app, on every admin page whatever its layout, so none is a
 * dead end. The links wrap onto a second line rather than scroll, so the current one is never cut off.
 */
export function AdminNav() {
  return (
    <nav aria-label="Admin areas" className="py-2">
      <ul className="flex flex-wrap gap-1.5">
        {adminAreas.map((area) => (
          <li key={area.id}>
            <NavLink
              to={area.path}
              end
              className={({ isActive }) =>
                `inline-flex min-h-11 items-center rounded-full px-3 text-sm font-medium whitespace-nowrap ${
                  isActive ? 'bg-brand-700 text-white' : 'bg-slate-100 text-slate-800 hover:bg-slate-200'
                }`
              }
            >
              {area.label}
            </NavLink>
          </li>
        ))}
        <li>
          <Link
            to="/"
            className="inline-flex min-h-11 items-center rounded-full px-3 text-sm font-medium whitespace-nowrap text-brand-700 underline underline-offset-2"
          >
            Back to the app
          </Link>
        </li>
      </ul>
    </nav>
  );
}
