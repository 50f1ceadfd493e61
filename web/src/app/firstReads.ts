import { hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';

/** The script element in which the server carries a visitor page's first reads (decision 0035). */
export const firstReadsElementId = 'first-reads';

/**
 * Puts the answers a visitor's page came drawn with into the query cache, so the live page starts from
 * them: the same picture, and no request for what the page already carries.
 */
export function startFromFirstReads(queryClient: QueryClient): void {
  const element = document.getElementById(firstReadsElementId);
  if (!element?.textContent) return;
  const state = JSON.parse(element.textContent) as DehydratedState;
  element.remove();
  // Fresh as of now, however long ago the server drew them: it checked them against its data (their
  // ETags) as it sent the page.
  const now = Date.now();
  for (const query of state.queries) query.state.dataUpdatedAt = now;
  hydrate(queryClient, state);
}
