import { Play, WifiOff } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { Video } from '@uplift/contracts';
import { useIsOnline } from '../../../lib/offline/index.ts';
import { formatDuration } from '../format.ts';
import { resumePosition, useWatchProgress } from '../hooks/useWatchProgress.ts';
import { fileUrl, isKeptOffline, keepForOffline } from '../mediaFiles.ts';

type Availability = 'checking' | 'kept' | 'not-kept';

/**
 * The player: the browser's own <video> controls (0 KB, every platform's accessible controls) with
 * captions, starting where the member stopped. Offline it plays only what this device kept; otherwise
 * it says it needs a connection.
 */
type PlayerProps = { video: Video & { mediaUrl: string }; userId: string | null };

export function VideoPlayer({ video, userId }: PlayerProps) {
  const [availability, setAvailability] = useState<Availability>('checking');
  const online = useIsOnline();
  const media = fileUrl(video.mediaUrl);

  useEffect(() => {
    let current = true;
    void isKeptOffline(media).then((kept) => {
      if (current) setAvailability(kept ? 'kept' : 'not-kept');
    });
    return () => {
      current = false;
    };
  }, [media]);

  if (!online && availability === 'not-kept') {
    return (
      <div className="relative aspect-video overflow-hidden rounded-2xl bg-slate-800">
        <img src={fileUrl(video.posterUrl)} alt="" className="size-full object-cover opacity-40" />
        <p
          role="status"
          className="absolute inset-0 flex flex-col items-center justify-center gap-2 p-4 text-center font-semibold text-white"
        >
          <WifiOff aria-hidden="true" className="size-6" />
          This video needs a connection. Videos you have opened before play offline.
        </p>
      </div>
    );
  }

  return <PlayableVideo video={video} userId={userId} />;
}

function PlayableVideo({ video, userId }: PlayerProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [started, setStarted] = useState(false);
  const online = useIsOnline();
  const media = fileUrl(video.mediaUrl);
  const poster = fileUrl(video.posterUrl);
  const captions = video.captionsUrl ? fileUrl(video.captionsUrl) : null;
  const resumeAt = resumePosition(video);
  useWatchProgress(videoRef, video, userId);

  const start = () => {
    const element = videoRef.current;
    if (!element) return;
    setStarted(true);
    // Before metadata has loaded this sets where playback will begin.
    if (resumeAt > 0 && element.currentTime < 0.5) element.currentTime = resumeAt;
    void element.play().catch(() => undefined);
    if (online) void keepForOffline([media, poster, captions]);
    element.focus();
  };

  return (
    <div className="relative aspect-video overflow-hidden rounded-2xl bg-black">
      <video
        ref={videoRef}
        aria-label={video.title}
        className="size-full"
        controls={started}
        playsInline
        preload="metadata"
        poster={poster}
        src={media}
        onPlay={() => setStarted(true)}
      >
        {captions ? <track kind="captions" src={captions} srcLang="en" label="English" default /> : null}
      </video>
      {started ? null : (
        // eslint-disable-next-line no-restricted-syntax -- the whole poster is the play control, its words on a pill over the picture
        <button
          type="button"
          onClick={start}
          className="absolute inset-0 flex items-center justify-center bg-slate-900/30"
        >
          <span className="inline-flex min-h-11 items-center gap-2 rounded-full bg-white px-5 font-semibold text-slate-900 shadow">
            <Play aria-hidden="true" className="size-5" />
            {resumeAt > 0 ? `Resume from ${formatDuration(resumeAt)}` : 'Play video'}
          </span>
        </button>
      )}
    </div>
  );
}
