import { useQuery } from '@tanstack/react-query';
import { CardSlider } from '../../../ui/CardSlider.tsx';
import { featuredVideosQueryOptions } from '../api/getFeatured.ts';
import { VideoCard } from './VideoCard.tsx';
import { FeaturedLoadingShape } from './LoadingShapes.tsx';
import { VideoSection } from './VideoSection.tsx';

/** Home's featured videos, in the card slider. */
export function FeaturedVideos({ userId }: { userId: string | null }) {
  const query = useQuery(featuredVideosQueryOptions(userId));
  return (
    <VideoSection
      id="featured-videos"
      heading="Featured videos"
      query={query}
      loadingShape={<FeaturedLoadingShape />}
      empty="No featured videos yet."
    >
      {(items) => (
        <CardSlider
          label="Featured video cards"
          items={items}
          getKey={(video) => video.id}
          renderCard={(video, index) => <VideoCard video={video} priority={index === 0} />}
        />
      )}
    </VideoSection>
  );
}
