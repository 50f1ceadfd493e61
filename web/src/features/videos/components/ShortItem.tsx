import { Volume2, VolumeX } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { Video } from '@uplift/contracts';
import { useIsOnline } from '../../../lib/offline/index.ts';
import { topOverlayClearance } from '../../../ui/toasts/topOverlays.ts';
import { fileUrl, keepForOffline } from '../mediaFiles.ts';
import { LockedVideoNotice } from './LockedVideoNotice.tsx';

interface ShortItemProps {
  video: Video;
  position: number;
  count: number;
  /** The short filling the screen: it plays; the others are paused. */
  active: boolean;
  muted: boolean;
  onToggleMute: () => void;
  signedIn: boolean;
}

/**
 * One full-screen short: autoplays muted while in view, loops, and a tap turns the sound on or off. The
 * title sits below the picture rather than over it, so the captions (drawn inside the video's box) are
 * never covered by it.
 */
export function ShortItem({ video, position, count, active, muted, onToggleMute, signedIn }: ShortItemProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const online = useIsOnline();
  const { mediaUrl, posterUrl } = video;

  // A short seen online is kept whole, so it plays again with no connection.
  useEffect(() => {
    if (active && online && mediaUrl) void keepForOffline([fileUrl(mediaUrl), fileUrl(posterUrl)]);
  }, [active, online, mediaUrl, posterUrl]);

  useEffect(() => {
    const element = videoRef.current;
    if (!element) return;
    if (active) {
      // Muted autoplay is allowed everywhere; a refusal (data saver) leaves the poster and the button.
      void element.play().catch(() => undefined);
    } else {
      element.pause();
    }
  }, [active]);

  return (
    <article
      aria-label={`Short ${position + 1} of ${count}: ${video.title}`}
      data-active={active || undefined}
      className="relative flex h-full w-full snap-start snap-always flex-col bg-slate-950"
    >
      {video.mediaUrl ? (
        <>
          <video
            ref={videoRef}
            aria-label={video.title}
            className="min-h-0 w-full flex-1 object-contain"
            src={fileUrl(video.mediaUrl)}
            poster={fileUrl(video.posterUrl)}
            muted={muted}
            loop
            playsInline
            preload={active ? 'auto' : 'metadata'}
            onClick={onToggleMute}
          >
            {video.captionsUrl ? (
              <track kind="captions" src={fileUrl(video.captionsUrl)} srcLang="en" label="English" default />
            ) : null}
          </video>
          {/* eslint-disable-next-line no-restricted-syntax -- a mute toggle (aria-pressed) laid over the playing video, light on dark */}
          <button
            type="button"
            onClick={onToggleMute}
            aria-pressed={!muted}
            style={{ top: topOverlayClearance }}
            className="absolute right-4 flex size-11 items-center justify-center rounded-full bg-slate-900/70 text-white"
          >
            {muted ? (
              <VolumeX aria-hidden="true" className="size-5" />
            ) : (
              <Volume2 aria-hidden="true" className="size-5" />
            )}
            <span className="sr-only">Sound</span>
          </button>
        </>
      ) : (
        <div className="relative min-h-0 flex-1">
          <img src={fileUrl(video.posterUrl)} alt="" className="h-full w-full object-contain opacity-40" />
          <div className="absolute inset-x-4 top-1/3 rounded-2xl bg-slate-900/85 p-4">
            <LockedVideoNotice signedIn={signedIn} tone="dark" />
          </div>
        </div>
      )}
      <div className="shrink-0 space-y-1 px-4 pt-3 pb-safe text-white">
        <h2 className="text-lg font-bold">{video.title}</h2>
        <p className="text-sm text-slate-100">{video.description}</p>
      </div>
    </article>
  );
}
