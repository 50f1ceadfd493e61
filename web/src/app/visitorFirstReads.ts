import type { QueryClient } from '@tanstack/react-query';
import { feedQueryOptions, topicsQueryOptions } from '../features/community/index.ts';
import { partnersQueryOptions } from '../features/partners/index.ts';
import { featuredVideosQueryOptions, shortsQueryOptions } from '../features/videos/index.ts';

/**
 * A public read a visitor's page makes as it opens, which the server draws into the page (decision 0035):
 * its URL, as the app asks for it, and how its answer enters the query cache under the key the page reads.
 */
export interface VisitorFirstRead {
  url: string;
  seed(queryClient: QueryClient, body: unknown): void;
}

function read(url: string, queryKey: readonly unknown[]): VisitorFirstRead {
  return { url, seed: (queryClient, body) => queryClient.setQueryData(queryKey, body) };
}

/** The community feed is an infinite query: its first page, asked for with no cursor. */
function firstPage(url: string, queryKey: readonly unknown[]): VisitorFirstRead {
  return {
    url,
    seed: (queryClient, body) =>
      queryClient.setQueryData(queryKey, { pages: [body], pageParams: [undefined] }),
  };
}

/**
 * Only public reads every visitor gets alike (the server's public cache answers them), so one rendering
 * serves every visitor until the data changes. Keys as each page builds them for a visitor with no filter.
 */
export const visitorFirstReads: Readonly<Record<string, readonly VisitorFirstRead[]>> = {
  '/': [
    read('/api/videos/featured', featuredVideosQueryOptions(null).queryKey),
    read('/api/videos/shorts', shortsQueryOptions(null).queryKey),
  ],
  '/community': [
    firstPage('/api/community/posts', feedQueryOptions({}).queryKey),
    read('/api/community/topics', topicsQueryOptions().queryKey),
  ],
  '/partners': [
    read('/api/partners?pageSize=20&page=1', partnersQueryOptions({ pageSize: 20, page: 1 }).queryKey),
  ],
};
