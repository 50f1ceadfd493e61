import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { HttpError } from '../../../lib/http/index.ts';

/**
 * Reads a query afresh, or from the copy kept from an earlier visit when the server cannot be reached.
 * `networkMode: 'always'` because a paused query (offline) would otherwise never settle and the screen
 * would wait for it forever.
 */
export async function freshOrCached<T, K extends QueryKey>(
  queryClient: QueryClient,
  options: FetchQueryOptions<T, Error, T, K>,
): Promise<{ data: T; cached: boolean }> {
  try {
    return { data: await queryClient.fetchQuery({ ...options, networkMode: 'always' }), cached: false };
  } catch (caught) {
    const cached = queryClient.getQueryData<T>(options.queryKey);
    if (cached === undefined || caught instanceof HttpError) throw caught;
    return { data: cached, cached: true };
  }
}
