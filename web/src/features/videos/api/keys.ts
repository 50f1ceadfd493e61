/**
 * Query keys of the videos feature. Lists carry the viewer's progress and premium locks, so each viewer
 * (anonymous or a user id) has their own entries and a second account never sees the first one's.
 */
export const videoKeys = {
  all: ['videos'] as const,
  featured: (viewer: string | null) => ['videos', 'featured', viewer ?? 'anonymous'] as const,
  shorts: (viewer: string | null) => ['videos', 'shorts', viewer ?? 'anonymous'] as const,
  continueWatching: (userId: string) => ['videos', 'continue', userId] as const,
  video: (viewer: string | null, id: string) => ['videos', 'one', viewer ?? 'anonymous', id] as const,
};
