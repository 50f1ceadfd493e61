import { Outlet, ScrollRestoration } from 'react-router';
import { useCurrentUser, useSessionEndedRedirect } from '../features/auth/index.ts';
import { useLiveIdentity } from '../lib/live/index.ts';
import { useDocumentMeta } from '../lib/pageMeta.ts';
import { SkipLink } from '../ui/SkipLink.tsx';
import { mainContentId } from './layouts/Main.tsx';
import { RouteLoadProgress } from './RouteLoadProgress.tsx';

export function RootShell() {
  useDocumentMeta();
  // The live stream follows sign-in and sign-out, so it carries only the current member's private events.
  useLiveIdentity(useCurrentUser()?.id ?? null);
  useSessionEndedRedirect();
  return (
    <>
      <SkipLink targetId={mainContentId} />
      <Outlet />
      <RouteLoadProgress />
      <ScrollRestoration />
    </>
  );
}
