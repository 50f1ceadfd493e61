import { useQuery } from '@tanstack/react-query';
import { continueWatchingQueryOptions } from '../api/getContinueWatching.ts';
import { VideoCard } from './VideoCard.tsx';
import { CardGridLoadingShape } from './LoadingShapes.tsx';
import { VideoSection } from './VideoSection.tsx';

/** Home's "Continue watching": the member's started, unfinished videos, most recent first. */
export function ContinueWatching({ userId }: { userId: string }) {
  const query = useQuery(continueWatchingQueryOptions(userId));
  return (
    <VideoSection
      id="continue-watching"
      heading="Continue watching"
      query={query}
      loadingShape={<CardGridLoadingShape />}
      empty="Videos you start appear here, so you can pick up where you stopped."
    >
      {(items) => (
        <ul className="grid gap-3 sm:grid-cols-2">
          {items.map((video) => (
            <li key={video.id}>
              <VideoCard video={video} />
            </li>
          ))}
        </ul>
      )}
    </VideoSection>
  );
}
