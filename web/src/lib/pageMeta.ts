import { useEffect } from 'react';
import { useMatches } from 'react-router';

/** What each route carries in its `handle`, so pages and the shell agree on titles. */
export interface PageMeta {
  title: string;
  description?: string;
  documentTitle: string;
}

export function isPageMeta(handle: unknown): handle is PageMeta {
  return typeof handle === 'object' && handle !== null && 'title' in handle && 'documentTitle' in handle;
}

/** The meta of the deepest matched route that has one (layout routes carry none). */
export function usePageMeta(): PageMeta {
  const meta = useMatches()
    .map((match) => match.handle)
    .findLast(isPageMeta);
  if (!meta) throw new Error('usePageMeta needs a route whose handle is a PageMeta');
  return meta;
}

export function useDocumentTitle(): void {
  const { documentTitle } = usePageMeta();
  useEffect(() => {
    document.title = documentTitle;
  }, [documentTitle]);
}
