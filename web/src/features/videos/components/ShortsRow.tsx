import { useQuery } from '@tanstack/react-query';
import { Lock } from 'lucide-react';
import { Link } from 'react-router';
import { FallbackImage } from '../../../ui/FallbackImage.tsx';
import { shortsQueryOptions } from '../api/getShorts.ts';
import { fileUrl } from '../mediaFiles.ts';
import { ShortsLoadingShape } from './LoadingShapes.tsx';
import { VideoSection } from './VideoSection.tsx';

/** Home's shorts: a row of portrait posters, each opening the full-screen swipe at that short. */
export function ShortsRow({ userId }: { userId: string | null }) {
  const query = useQuery(shortsQueryOptions(userId));
  return (
    <VideoSection
      id="shorts"
      heading="Shorts"
      query={query}
      loadingShape={<ShortsLoadingShape />}
      empty="No shorts yet."
      action={
        <Link to="/shorts" className="inline-flex min-h-11 items-center font-medium text-brand-700 underline">
          Watch all
        </Link>
      }
    >
      {(items) => (
        // The snap keeps the 16 px margin (scroll padding): without it the first poster snaps to the edge.
        <ul className="-mx-4 flex snap-x scroll-px-4 gap-3 overflow-x-auto px-4 pb-2 [scrollbar-width:none]">
          {items.map((video) => (
            <li key={video.id} className="w-32 shrink-0 snap-start">
              <Link to={`/shorts?start=${video.id}`} className="block space-y-1">
                <span className="relative block aspect-[9/16] overflow-hidden rounded-xl bg-slate-800">
                  <FallbackImage
                    src={fileUrl(video.posterUrl)}
                    alt=""
                    loading="lazy"
                    className="size-full object-cover"
                  />
                  {video.locked ? (
                    <span className="absolute top-1.5 left-1.5 inline-flex items-center gap-1 rounded-full bg-white/95 px-1.5 py-0.5 text-xs font-semibold text-slate-900">
                      <Lock aria-hidden="true" className="size-3" /> Premium
                    </span>
                  ) : null}
                </span>
                <span className="block text-sm font-medium text-slate-900">{video.title}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </VideoSection>
  );
}
