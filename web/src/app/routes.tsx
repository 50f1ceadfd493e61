import type { RouteObject } from 'react-router';
import type { PageMeta } from '../lib/pageMeta.ts';
import { documentDescriptionFor, documentTitleFor } from './documentMeta.ts';
import { GuardedOutlet } from './guards/GuardedOutlet.tsx';
import { AppLayout } from './layouts/AppLayout.tsx';
import { BareLayout } from './layouts/BareLayout.tsx';
import { RootShell } from './RootShell.tsx';
import { RouteErrorPage } from './RouteErrorPage.tsx';
import { routeTable, type RouteEntry, type RouteGuard, type RouteLayout } from './routeTable.ts';
import { RouteLoading } from './RouteLoading.tsx';

function toPageRoute(entry: RouteEntry): RouteObject {
  const handle: PageMeta = {
    title: entry.title,
    description: entry.description,
    documentTitle: documentTitleFor(entry.title),
    documentDescription: documentDescriptionFor(entry.description),
  };
  return {
    id: entry.path,
    path: entry.path,
    handle,
    lazy: { Component: async () => (await entry.page()).default },
  };
}

const guards: readonly RouteGuard[] = ['auth', 'member', 'admin'];

/**
 * A layout's pages: open ones directly, guarded ones under a pathless route per guard. The guard sits
 * inside the layout, so moving between open and guarded pages keeps the layout (and its state) mounted.
 */
function pagesIn(layout: RouteLayout): RouteObject[] {
  const entries = routeTable.filter((entry) => entry.layout === layout);
  const open = entries.filter((entry) => !entry.guard).map(toPageRoute);
  const guarded = guards.flatMap((guard): RouteObject[] => {
    const pages = entries.filter((entry) => entry.guard === guard);
    if (pages.length === 0) return [];
    return [
      {
        id: `guard-${guard}-${layout}`,
        element: <GuardedOutlet guard={guard} />,
        children: pages.map(toPageRoute),
      },
    ];
  });
  return [...open, ...guarded];
}

/**
 * The whole client route tree; main.tsx and the tests both build their router from it.
 * Fresh objects on every call: a router records loaded lazy parts on the route objects it is given.
 */
export function createAppRoutes(): RouteObject[] {
  return [
    {
      id: 'root',
      Component: RootShell,
      ErrorBoundary: RouteErrorPage,
      HydrateFallback: RouteLoading,
      children: [
        { id: 'layout-app', Component: AppLayout, children: pagesIn('app') },
        {
          // Only admins ever see this layout, so the guard wraps it: anyone else never sees its chrome.
          id: 'guard-admin-layout',
          element: <GuardedOutlet guard="admin" ownLandmark />,
          children: [
            {
              id: 'layout-admin',
              // Out of the initial bundle, as only admins need it.
              lazy: { Component: async () => (await import('./layouts/AdminLayout.tsx')).AdminLayout },
              children: pagesIn('admin'),
            },
          ],
        },
        { id: 'layout-none', Component: BareLayout, children: pagesIn('none') },
      ],
    },
  ];
}
