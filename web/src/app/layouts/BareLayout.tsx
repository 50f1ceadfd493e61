import { Outlet } from 'react-router';
import { Main } from './Main.tsx';

/** SPEC's "no layout": no chrome at all, only the landmark that assistive technology needs. */
export function BareLayout() {
  return (
    <Main layout="none" className="min-h-dvh pb-safe">
      <Outlet />
    </Main>
  );
}
