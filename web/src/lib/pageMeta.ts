import { useEffect } from 'react';
import { useMatches } from 'react-router';

/** What each route carries in its `handle`, so pages, the shell and the prerendered pages agree. */
export interface PageMeta {
  title: string;
  /** Shown on the page when SPEC gives one. */
  description?: string;
  documentTitle: string;
  /** The page's <meta name="description">: its own description, or the app's. */
  documentDescription: string;
}

export function isPageMeta(handle: unknown): handle is PageMeta {
  return (
    typeof handle === 'object' &&
    handle !== null &&
    'title' in handle &&
    'documentTitle' in handle &&
    'documentDescription' in handle
  );
}

/** The meta of the deepest matched route that has one (layout routes carry none). */
export function usePageMeta(): PageMeta {
  const meta = useMatches()
    .map((match) => match.handle)
    .findLast(isPageMeta);
  if (!meta) throw new Error('usePageMeta needs a route whose handle is a PageMeta');
  return meta;
}

/** index.html's description tag; made if a document lacks one, so the description is never lost. */
function descriptionTag(): HTMLMetaElement {
  const existing = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (existing) return existing;
  const tag = document.createElement('meta');
  tag.name = 'description';
  document.head.append(tag);
  return tag;
}

/**
 * Keeps the document's title and description on the current route's, from the first screen through every
 * in-app navigation (a prerendered or reloaded page starts with them; moving on must not keep the old).
 */
export function useDocumentMeta(): void {
  const { documentTitle, documentDescription } = usePageMeta();
  useEffect(() => {
    document.title = documentTitle;
  }, [documentTitle]);
  useEffect(() => {
    descriptionTag().content = documentDescription;
  }, [documentDescription]);
}
