import { Lock, Play } from 'lucide-react';
import { Link } from 'react-router';
import type { Video } from '@uplift/contracts';
import { FallbackImage } from '../../../ui/FallbackImage.tsx';
import { fileUrl } from '../mediaFiles.ts';
import { formatDuration, skillLabels, spokenDuration } from '../format.ts';

/**
 * A featured video's card: poster, length, skills, premium lock and how far the member got. The first card
 * of a screen is its `priority` one: its poster is the largest thing on it, so it is fetched at once and
 * ahead of the rest, which wait until they near the screen.
 */
export function VideoCard({ video, priority = false }: { video: Video; priority?: boolean }) {
  const watchedShare = video.progress
    ? Math.min(1, video.progress.positionSeconds / video.durationSeconds)
    : 0;
  const skills = skillLabels(video.skillTags);
  return (
    <Link
      to={`/videos/${video.id}`}
      className="block overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-colors hover:border-brand-600"
    >
      <span className="relative block aspect-video bg-slate-800">
        <FallbackImage
          src={fileUrl(video.posterUrl)}
          alt=""
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
          className="size-full object-cover"
        />
        <span className="absolute right-2 bottom-2 rounded-md bg-slate-900/85 px-1.5 py-0.5 text-xs font-semibold text-white">
          <span aria-hidden="true">{formatDuration(video.durationSeconds)}</span>
          <span className="sr-only">{spokenDuration(video.durationSeconds)}</span>
        </span>
        <span className="absolute top-2 left-2 inline-flex items-center gap-1 rounded-full bg-white/95 px-2 py-1 text-xs font-semibold text-slate-900">
          {video.locked ? (
            <>
              <Lock aria-hidden="true" className="size-3.5" /> Premium
            </>
          ) : (
            <>
              <Play aria-hidden="true" className="size-3.5" /> {video.premium ? 'Premium' : 'Watch'}
            </>
          )}
        </span>
        {watchedShare > 0 ? (
          <span aria-hidden="true" className="absolute inset-x-0 bottom-0 h-1 bg-slate-900/40">
            <span className="block h-full bg-brand-600" style={{ width: `${watchedShare * 100}%` }} />
          </span>
        ) : null}
      </span>
      <span className="block space-y-1 p-3">
        <span className="block font-semibold text-slate-900">{video.title}</span>
        {skills.length > 0 ? (
          <span className="block text-sm text-slate-700">{skills.join(' · ')}</span>
        ) : null}
        {video.progress && !video.progress.completed && watchedShare > 0 ? (
          <span className="block text-sm text-slate-700">
            {formatDuration(video.durationSeconds - video.progress.positionSeconds)} left
          </span>
        ) : null}
      </span>
    </Link>
  );
}
