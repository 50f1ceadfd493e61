import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSessionEnded } from './hooks.ts';
import { loginPath, loginRoute } from './redirect.ts';

/**
 * When the server ends the session saying why (a suspension), every page, public ones included, gives way
 * to the sign-in screen, which tells the member; signing in again brings them back here.
 */
export function useSessionEndedRedirect(): void {
  const ended = useSessionEnded();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (!ended || pathname === loginRoute) return;
    void navigate(loginPath({ redirectTo: `${pathname}${search}` }), { replace: true });
  }, [ended, pathname, search, navigate]);
}
