import { prerenderedStyleAttribute, prerenderedStylesScript } from '@uplift/contracts';
import { firstReadsElementId } from '../src/app/firstReads.ts';

/** A prerendered page as the server sends it: index.html with the page in `#root` and its own title. */
export interface PageMarkup {
  html: string;
  documentTitle: string;
  description: string | null;
}

const rootContent = /(<div id="root">)[\s\S]*?(<\/div>\s*<noscript>)/;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (char) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot' }[char]};`);
}

/**
 * Asks for the page's first API reads with the HTML, not after the scripts have loaded and rendered: the
 * app's own request then takes the preloaded answer (the same URL, and the credentials mode of the app's
 * fetch, `include`, else the browser fetches twice). One round trip less before the data is on screen.
 */
function preloadLinks(apiReads: readonly string[]): string {
  return apiReads
    .map((url) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${escapeHtml(url)}">\n`)
    .join('');
}

/** The app's entry and module preloads, as Vite writes them into index.html. */
const appCodeTags = /[ \t]*(?:<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>)\n?/g;

/** Where the drawn page keeps its code until it has painted; `web/public/start-after-paint.js` reads it. */
export const appCodeTemplateId = 'app-code';

/**
 * The app's code asked for once the drawn page has painted, at low priority. The page is already drawn, so
 * its stylesheet and pictures come first and the scripts, which only make it live, follow (decision 0035).
 * Until then they wait in an inert `<template>`; `start-after-paint.js` adds them to the document in the
 * task after the first frame. Asked for with the HTML instead, Lighthouse's simulation counted them as
 * blocking the largest paint (LCP 1.8–2.5 s, against 0.9–1.3 s asked after it), though the page's largest
 * element is in the HTML and painted before any of them arrives.
 */
function withCodeAfterFirstPaint(html: string): string {
  const tags = (html.match(appCodeTags) ?? []).map((tag) =>
    tag
      .trim()
      .replace(
        /^<(script type="module"|link rel="modulepreload")(?![^>]*fetchpriority)/,
        '<$1 fetchpriority="low"',
      ),
  );
  if (tags.length === 0) return html;
  return html
    .replace(appCodeTags, '')
    .replace(
      /<\/body>/,
      (end) =>
        `<template id="${appCodeTemplateId}">\n${tags.join('\n')}\n</template>\n<script src="/start-after-paint.js" defer></script>\n${end}`,
    );
}

/**
 * React's markup with every `style` attribute renamed (decision 0107): the page's CSP refuses style
 * attributes in HTML, and the script after the picture sets them through the CSSOM. React escapes the
 * quotes of text and attribute values, so ` style="` only ever opens an attribute.
 */
function withStylesAsData(pageHtml: string): string {
  return pageHtml.replaceAll(' style="', ` ${prerenderedStyleAttribute}="`);
}

/**
 * The document with `pageHtml` as the picture in `#root`. Until the app has hydrated it (decision 0067), the
 * page is only a picture of the screen: inert, so a tap or a tab key does not land on a control with no
 * handler yet, and hidden from assistive technology, which meets the page once, live. The app hydrates this
 * element as its root and then takes these attributes off. Its styles ride as data, set by the script that
 * follows it before the first paint.
 */
function withPageInRoot(html: string, pageHtml: string): string {
  if (!rootContent.test(html)) throw new Error('the page has no #root followed by <noscript>');
  return html.replace(
    rootContent,
    (_match, open: string, close: string) =>
      `${open}<div data-prerendered inert aria-hidden="true">${withStylesAsData(pageHtml)}</div><script>${prerenderedStylesScript}</script>${close}`,
  );
}

/**
 * index.html with `page` in place of its splash (see withPageInRoot), its title and description, the
 * page's first reads asked for with the HTML, and its code once it has painted.
 */
export function withPrerenderedPage(
  indexHtml: string,
  page: PageMarkup,
  {
    apiReads = [],
    modulePreloads = [],
  }: { apiReads?: readonly string[]; modulePreloads?: readonly string[] } = {},
): string {
  // Where Vite put the scripts, ahead of the stylesheet, so the small answers are asked for first (the
  // scripts themselves then move to the end, to be asked for after the first paint).
  let html = indexHtml.replace(
    /<link rel="modulepreload"|<script type="module"|<\/head>/,
    (first) => `${preloadLinks(apiReads)}${first}`,
  );
  html = withCodeAfterFirstPaint(
    html.replace(
      /<\/head>/,
      (end) =>
        `${modulePreloads.map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">\n`).join('')}${end}`,
    ),
  );
  html = withPageInRoot(html, page.html);
  html = html.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.documentTitle)}</title>`);
  if (page.description !== null) {
    html = html.replace(
      /(<meta\s+name="description"\s+content=")[^"]*(")/,
      (_match, open: string, close: string) => `${open}${escapeHtml(page.description ?? '')}${close}`,
    );
  }
  return html;
}

/** What of Vite's build manifest (`build.manifest`) this needs: each chunk's file and static imports. */
export type ViteManifest = Record<string, { file: string; imports?: string[]; isDynamicEntry?: boolean }>;

/**
 * The page's own code (its route chunk and every chunk that imports statically) not already in
 * index.html, as URLs. With the HTML, the browser fetches them alongside the app's entry instead of after
 * it has run and the router asked for the page; and the router no longer adds a preload link per chunk
 * itself, which cost 24 ms of the start-up of `/` unthrottled (94 ms at a phone's 4× slowdown).
 */
export function pageModulePreloads(manifest: ViteManifest, module: string, indexHtml: string): string[] {
  if (!manifest[module]?.isDynamicEntry) throw new Error(`${module} is not a page chunk of the build`);
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  visit(module);
  return [...files].map((file) => `/${file}`).filter((href) => !indexHtml.includes(`"${href}"`));
}

/** dist/prerendered/<file> for a page: "/" is home.html, "/skills-public" skills-public.html. */
export function prerenderedFileName(pathname: string): string {
  return `${pathname === '/' ? 'home' : pathname.slice(1).replaceAll('/', '--')}.html`;
}

/** JSON inside a script element: `<` escaped, so no text in the data can close the element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/**
 * A prerendered page drawn again with its data (decision 0035): `pageHtml` in place of the picture drawn
 * without it, the answers the picture shows carried along for the app to start from (`state`, its query
 * cache as TanStack dehydrates it), and no preload left for a read the page already carries.
 */
export function withFirstReads(
  prerenderedPage: string,
  pageHtml: string,
  { urls, state }: { urls: readonly string[]; state: unknown },
): string {
  let html = withPageInRoot(prerenderedPage, pageHtml);
  for (const url of urls) html = html.replace(preloadLinks([url]), '');
  return html.replace(
    /<\/body>/,
    (end) =>
      `<script type="application/json" id="${firstReadsElementId}">${scriptJson(state)}</script>\n${end}`,
  );
}
