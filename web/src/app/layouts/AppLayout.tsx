import { Outlet } from 'react-router';
import { Main } from './Main.tsx';

/** The member-facing frame. The bottom padding keeps content clear of the bottom navigation bar. */
export function AppLayout() {
  return (
    <Main layout="app" className="min-h-dvh pb-bottom-nav">
      <Outlet />
    </Main>
  );
}
