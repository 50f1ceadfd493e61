import { lazy, Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useCurrentUser, useSignedOutFrom } from '../../features/auth/index.ts';
import { Main } from '../layouts/Main.tsx';
import type { RouteGuard } from '../routeTable.ts';
import { decideAccess } from './decideAccess.ts';

// Shown only to someone whose role does not open the page: its code comes then (decision 0068).
const NoAccessPage = lazy(async () => ({ default: (await import('./NoAccessPage.tsx')).NoAccessPage }));

interface GuardedOutletProps {
  guard: RouteGuard;
  /**
   * Set when the guard sits outside any layout (it wraps the admin layout, so a refused user never
   * loads or sees the admin chrome); the refusal then brings its own main landmark.
   */
  ownLandmark?: boolean;
}

/**
 * SPEC §6 route guards, for the routes below it. A convenience only: the server enforces every rule.
 * It reacts to the session, so a session that ends while a guarded page is open leads to sign in.
 */
export function GuardedOutlet({ guard, ownLandmark = false }: GuardedOutletProps) {
  const user = useCurrentUser();
  const signedOutFrom = useSignedOutFrom();
  const location = useLocation();
  const decision = decideAccess({ guard, user, location, signedOutFrom });
  switch (decision.kind) {
    case 'allow':
      return <Outlet />;
    case 'leave':
      return null;
    case 'sign-in':
      return <Navigate to={decision.to} replace />;
    case 'deny': {
      const page = (
        <Suspense fallback={null}>
          <NoAccessPage required={decision.required} user={decision.user} />
        </Suspense>
      );
      return ownLandmark ? (
        <Main layout="none" className="min-h-dvh pb-safe">
          {page}
        </Main>
      ) : (
        page
      );
    }
  }
}
