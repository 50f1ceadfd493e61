import type { MemberDirectoryQuery } from '@uplift/contracts';

export interface FeedFilters {
  topic?: string;
  q?: string;
}

/** Query keys of the community; any write invalidates `posts` or the one thread it touched. */
export const communityKeys = {
  all: ['community'] as const,
  topics: () => ['community', 'topics'] as const,
  posts: () => ['community', 'posts'] as const,
  feed: (filters: FeedFilters) => ['community', 'posts', 'feed', filters] as const,
  thread: (postId: string) => ['community', 'posts', 'thread', postId] as const,
  members: (query: MemberDirectoryQuery) => ['community', 'members', query] as const,
  moderation: () => ['community', 'moderation'] as const,
};

/**
 * A query string of the defined, non-empty values. Null counts as absent: a feed restored from the content
 * cache has its first page's cursor stored as null (JSON has no undefined), never as the text "null".
 */
export function searchOf(query: object): string {
  const entries = Object.entries(query).filter(
    ([, value]) => value !== undefined && value !== null && value !== '',
  );
  const text = new URLSearchParams(entries.map(([key, value]) => [key, String(value)])).toString();
  return text ? `?${text}` : '';
}

/** Offline queue types, so pending writes can be shown where they will land. */
export const queueTypes = {
  post: 'community-post',
  comment: 'community-comment',
  reaction: 'community-reaction',
  edit: 'community-edit',
} as const;
