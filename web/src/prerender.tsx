import { dehydrate, QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { withFirstReads } from '../scripts/prerender-html.ts';
import { AppFrame } from './app/AppFrame.tsx';
import { createAppRoutes } from './app/routes.tsx';
import { visitorFirstReads } from './app/visitorFirstReads.ts';
import { isPageMeta } from './lib/pageMeta.ts';

export interface PrerenderedPage {
  /** The markup of `#root` as a visitor's first render draws it, signed out. */
  html: string;
  documentTitle: string;
  description: string;
}

/**
 * A public page rendered by the app's own route tree, so a visitor's phone paints the page (the largest
 * element included) from the HTML, before any script arrives (issue 17, decision 0035). At build time
 * `queryClient` is empty and queries draw the skeletons the client shows first; at request time the server
 * passes one holding the page's first reads, and the page is drawn with them.
 */
export async function renderPage(
  pathname: string,
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
): Promise<PrerenderedPage> {
  const handler = createStaticHandler(createAppRoutes());
  const context = await handler.query(new Request(new URL(pathname, 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`${pathname} redirects; only pages are prerendered`);
  if (context.errors) throw new Error(`${pathname} failed to render: ${JSON.stringify(context.errors)}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <AppFrame queryClient={queryClient}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppFrame>,
  );
  const meta = context.matches.map((match) => match.route.handle).findLast(isPageMeta);
  if (!meta) throw new Error(`${pathname} has no page title`);
  // The same title and description the app sets when it navigates to the page (RootShell).
  return { html, documentTitle: meta.documentTitle, description: meta.documentDescription };
}

/** The public reads the server draws into the page at `pathname` (their URLs as the app asks for them). */
export function firstReadsOf(pathname: string): string[] {
  return (visitorFirstReads[pathname] ?? []).map((read) => read.url);
}

/**
 * The prerendered page at `pathname` drawn again with its first reads (`bodies`, by URL, as the API
 * answered them), carrying them for the app to start from. The server calls this when an answer changed.
 */
export async function renderWithFirstReads(
  prerenderedPage: string,
  pathname: string,
  bodies: Readonly<Record<string, unknown>>,
): Promise<string> {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const reads = (visitorFirstReads[pathname] ?? []).filter((read) => read.url in bodies);
  for (const read of reads) read.seed(queryClient, bodies[read.url]);
  const { html } = await renderPage(pathname, queryClient);
  return withFirstReads(prerenderedPage, html, {
    urls: reads.map((read) => read.url),
    state: dehydrate(queryClient),
  });
}
