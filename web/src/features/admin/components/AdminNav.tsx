import { adminAreas } from '@uplift/contracts';
import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { Button } from '../../../ui/Button.tsx';

/**
 * Every admin area, in the admin frame every admin page shares (decision 0080). On a phone the list is a
 * disclosure behind one 44 px button, so the page starts near the top rather than under four rows of
 * links; from 640 px it is shown as it is. Choosing an area closes it, and it is open
 * for one page only.
 */
export function AdminNav() {
  const { pathname } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const listId = useId();
  return (
    <nav aria-label="Admin areas" className="pb-2">
      <Button
        variant="secondary"
        size="sm"
        pill
        className="sm:hidden"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpenOn(open ? null : pathname)}
      >
        Admin menu
        <ChevronDown
          aria-hidden="true"
          className={`size-4 motion-safe:transition-transform ${open ? 'rotate-180' : ''}`}
        />
      </Button>
      <ul id={listId} className={`${open ? 'flex' : 'hidden'} mt-2 flex-wrap gap-1.5 sm:mt-0 sm:flex`}>
        {adminAreas.map((area) => (
          <li key={area.id}>
            <NavLink
              to={area.path}
              // The portal is /admin, which every area's path starts with; the others own their sub-pages.
              end={area.path === '/admin'}
              // The page's own area changes no path, so it closes the list itself.
              onClick={() => setOpenOn(null)}
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
      </ul>
    </nav>
  );
}
