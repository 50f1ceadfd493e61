import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { createAppRoutes } from './app/routes.tsx';
import { isPageMeta } from './lib/pageMeta.ts';

export interface PrerenderedPage {
  /** The markup of `#root` as a visitor's first render draws it: no data yet, signed out. */
  html: string;
  documentTitle: string;
  description: string;
}

/**
 * A public page rendered at build time by the app's own route tree, so a visitor's phone paints the page
 * (the largest element included) from the HTML, before any script arrives (issue 17, decision 0035).
 * Queries render as they do before their answers: the skeletons the client shows first.
 */
export async function renderPage(pathname: string): Promise<PrerenderedPage> {
  const handler = createStaticHandler(createAppRoutes());
  const context = await handler.query(new Request(new URL(pathname, 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`${pathname} redirects; only pages are prerendered`);
  if (context.errors) throw new Error(`${pathname} failed to render: ${JSON.stringify(context.errors)}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </QueryClientProvider>
    </StrictMode>,
  );
  const meta = context.matches.map((match) => match.route.handle).findLast(isPageMeta);
  if (!meta) throw new Error(`${pathname} has no page title`);
  // The same title and description the app sets when it navigates to the page (RootShell).
  return { html, documentTitle: meta.documentTitle, description: meta.documentDescription };
}
