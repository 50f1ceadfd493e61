import type { RouteObject } from 'react-router';
import type { PageMeta } from '../lib/pageMeta.ts';
import { documentTitleFor } from './documentTitle.ts';
import { AppLayout } from './layouts/AppLayout.tsx';
import { BareLayout } from './layouts/BareLayout.tsx';
import { RootShell } from './RootShell.tsx';
import { RouteErrorPage } from './RouteErrorPage.tsx';
import { routeTable, type RouteEntry, type RouteLayout } from './routeTable.ts';
import { RouteLoading } from './RouteLoading.tsx';

function toPageRoute(entry: RouteEntry): RouteObject {
  const handle: PageMeta = {
    title: entry.title,
    description: entry.description,
    documentTitle: documentTitleFor(entry.path, entry.title),
  };
  return {
    id: entry.path,
    path: entry.path,
    handle,
    lazy: { Component: async () => (await entry.page()).default },
  };
}

function pagesIn(layout: RouteLayout): RouteObject[] {
  return routeTable.filter((entry) => entry.layout === layout).map(toPageRoute);
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
          id: 'layout-admin',
          // Only admins ever see this layout, so it stays out of the initial bundle.
          lazy: { Component: async () => (await import('./layouts/AdminLayout.tsx')).AdminLayout },
          children: pagesIn('admin'),
        },
        { id: 'layout-none', Component: BareLayout, children: pagesIn('none') },
      ],
    },
  ];
}
