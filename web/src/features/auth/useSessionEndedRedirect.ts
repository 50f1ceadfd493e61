import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { SessionEnded } from '@uplift/contracts';
import { useSessionEnded } from './hooks.ts';
import { loginPath, loginRoute } from './redirect.ts';

/**
 * When the server ends the session saying why (a suspension), the page, public ones included, gives way
 * to the sign-in screen, which tells the member; signing in again brings them back. Once only: afterwards
 * they may browse what visitors see.
 */
export function useSessionEndedRedirect(): void {
  const ended = useSessionEnded();
  const handled = useRef<SessionEnded | null>(null);
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (!ended || handled.current === ended) return;
    handled.current = ended;
    if (pathname === loginRoute) return;
    void navigate(loginPath({ redirectTo: `${pathname}${search}` }), { replace: true });
  }, [ended, pathname, search, navigate]);
}
