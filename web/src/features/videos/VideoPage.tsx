import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { HttpError } from '../../lib/http/index.ts';
import { useIsOnline } from '../../lib/offline/index.ts';
import { BackLink } from '../../ui/BackLink.tsx';
import { FallbackImage } from '../../ui/FallbackImage.tsx';
import { LoadAlert } from '../../ui/LoadAlert.tsx';
import { useCurrentUser } from '../auth/index.ts';
import { videoQueryOptions } from './api/getVideo.ts';
import { LockedVideoNotice } from './components/LockedVideoNotice.tsx';
import { VideoPlayer } from './components/VideoPlayer.tsx';
import { formatDuration, skillLabels, spokenDuration } from './format.ts';
import { fileUrl } from './mediaFiles.ts';

const home = { to: '/', label: 'Home' };

/** `/videos/:id`: one video, its player (resuming where the member stopped) or why it is locked. */
export default function VideoPage() {
  const { id = '' } = useParams();
  const user = useCurrentUser();
  const online = useIsOnline();
  const query = useQuery(videoQueryOptions(user?.id ?? null, id));

  if (!query.data) {
    const missing =
      query.error instanceof HttpError && (query.error.status === 404 || query.error.status === 400);
    return (
      <div className="space-y-3 py-6">
        <h1 className="text-2xl font-bold text-slate-900">{missing ? 'Video not found' : 'Video'}</h1>
        <LoadAlert className="text-slate-700">
          {missing
            ? 'This video is not available any more.'
            : online && query.isError && 'This video could not be loaded. Try again in a moment.'}
        </LoadAlert>
        {missing || (online && query.isError) ? null : (
          <p role="status" className="text-slate-700">
            {online ? 'Loading video…' : 'This video needs a connection the first time you open it.'}
          </p>
        )}
        <BackLink fallback={home} />
      </div>
    );
  }

  const video = query.data;
  const skills = skillLabels(video.skillTags);
  const mediaUrl = video.mediaUrl;
  return (
    <article className="space-y-4 py-6">
      <BackLink fallback={home} />
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{video.title}</h1>
      {mediaUrl ? (
        <VideoPlayer key={video.id} video={{ ...video, mediaUrl }} userId={user?.id ?? null} />
      ) : (
        <div className="space-y-4">
          <div className="aspect-video overflow-hidden rounded-2xl bg-slate-800">
            <FallbackImage
              src={fileUrl(video.posterUrl)}
              alt=""
              className="size-full object-cover opacity-60"
            />
          </div>
          <LockedVideoNotice signedIn={user !== null} />
        </div>
      )}
      <p className="text-slate-800">{video.description}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-slate-800">
        <dt className="font-semibold">Length</dt>
        <dd>
          <span aria-hidden="true">{formatDuration(video.durationSeconds)}</span>
          <span className="sr-only">{spokenDuration(video.durationSeconds)}</span>
        </dd>
        {skills.length > 0 ? (
          <>
            <dt className="font-semibold">Skills</dt>
            <dd>{skills.join(', ')}</dd>
          </>
        ) : null}
      </dl>
    </article>
  );
}
