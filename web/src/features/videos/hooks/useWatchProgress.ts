import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, type RefObject } from 'react';
import type { Video } from '@uplift/contracts';
import { connectivity } from '../../../lib/offline/index.ts';
import { videoKeys } from '../api/keys.ts';
import { saveProgress } from '../api/saveProgress.ts';

/** How often a playing video reports where it is (online only; offline, the pause or exit reports). */
export const progressIntervalMs = 15_000;
/** Gaps between two `timeupdate`s above this are seeks, not watching (browsers fire every ~250 ms). */
const largestPlaybackStepSeconds = 1.5;

/**
 * Reports the member's position and real watching time: every 15 s while playing and online, and on
 * pause, end, leaving the page or the player. Watching time counts only played steps, so scrubbing
 * forward never adds training hours. Reports while offline go through the offline queue.
 */
export function useWatchProgress(
  videoRef: RefObject<HTMLVideoElement | null>,
  video: Video,
  userId: string | null,
) {
  const queryClient = useQueryClient();
  const unsent = useRef(0);
  const lastTime = useRef(0);
  const lastSentPosition = useRef<number | null>(null);

  useEffect(() => {
    const element = videoRef.current;
    if (!element || !userId || video.locked) return;
    // From where the element stands, so the first step played counts too.
    lastTime.current = element.currentTime;

    const report = () => {
      const positionSeconds = Math.round(element.currentTime * 10) / 10;
      const watchedDeltaSeconds = Math.round(unsent.current * 10) / 10;
      if (watchedDeltaSeconds === 0 && positionSeconds === lastSentPosition.current) return;
      unsent.current = 0;
      lastSentPosition.current = positionSeconds;
      void saveProgress({
        videoId: video.id,
        title: video.title,
        userId,
        body: { positionSeconds, watchedDeltaSeconds },
      })
        .then(() => queryClient.invalidateQueries({ queryKey: videoKeys.all, refetchType: 'none' }))
        .catch(() => undefined);
    };

    const onTimeUpdate = () => {
      const now = element.currentTime;
      const step = now - lastTime.current;
      if (!element.paused && step > 0 && step <= largestPlaybackStepSeconds) unsent.current += step;
      lastTime.current = now;
    };
    const onSeeking = () => {
      lastTime.current = element.currentTime;
    };
    const onPageHide = () => report();
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') report();
    };
    const timer = setInterval(() => {
      if (!element.paused && connectivity.getState().online) report();
    }, progressIntervalMs);

    element.addEventListener('timeupdate', onTimeUpdate);
    element.addEventListener('seeking', onSeeking);
    element.addEventListener('pause', report);
    element.addEventListener('ended', report);
    window.addEventListener('pagehide', onPageHide);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      clearInterval(timer);
      element.removeEventListener('timeupdate', onTimeUpdate);
      element.removeEventListener('seeking', onSeeking);
      element.removeEventListener('pause', report);
      element.removeEventListener('ended', report);
      window.removeEventListener('pagehide', onPageHide);
      document.removeEventListener('visibilitychange', onVisibility);
      if (element.currentTime > 0) report();
    };
  }, [videoRef, video.id, video.title, video.locked, userId, queryClient]);
}

/** Where to start: the saved position, unless the video was finished (then from the beginning). */
export function resumePosition(video: Video): number {
  const progress = video.progress;
  if (!progress || progress.completed) return 0;
  return progress.positionSeconds >= video.durationSeconds - 1 ? 0 : progress.positionSeconds;
}
