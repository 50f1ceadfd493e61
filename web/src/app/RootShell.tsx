import { Outlet, ScrollRestoration } from 'react-router';
import { useDocumentTitle } from '../lib/pageMeta.ts';
import { SkipLink } from '../ui/SkipLink.tsx';
import { mainContentId } from './layouts/Main.tsx';

export function RootShell() {
  useDocumentTitle();
  return (
    <>
      <SkipLink targetId={mainContentId} />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
