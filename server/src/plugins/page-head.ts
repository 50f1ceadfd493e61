/** What a page served with its own head carries: title, description and Open Graph / Twitter card tags. */
export interface PageHead {
  title: string;
  description: string;
  /** Absolute URL of the page's image. */
  image: string;
  imageAlt: string;
  imageWidth: number;
  imageHeight: number;
  /** Absolute URL of the page. */
  url: string;
}

/**
 * A page whose head the server writes (link previews read no script): the path's pattern, its one
 * captured parameter, and the head for it, or null when there is no such page (answered 404).
 */
export interface PageHeadSource {
  pattern: RegExp;
  head(param: string, origin: string): Promise<PageHead | null>;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The app's index.html with the page's title and description, and its Open Graph tags before </head>. */
export function withPageHead(indexHtml: string, head: PageHead): string {
  const meta = (attribute: 'name' | 'property', key: string, value: string | number) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(String(value))}" />`;
  const tags = [
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', 'Uplift'),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.url),
    meta('property', 'og:image', head.image),
    meta('property', 'og:image:type', 'image/png'),
    meta('property', 'og:image:width', head.imageWidth),
    meta('property', 'og:image:height', head.imageHeight),
    meta('property', 'og:image:alt', head.imageAlt),
    meta('name', 'twitter:card', 'summary_large_image'),
  ].join('\n    ');
  return indexHtml
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(head.title)}</title>`)
    .replace(
      /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
      meta('name', 'description', head.description),
    )
    .replace('</head>', `    ${tags}\n  </head>`);
}
