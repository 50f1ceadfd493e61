import { useEffect } from 'react';
import { useNavigation } from 'react-router';
import { startTimedProgress } from '../lib/loading/trackedWork.ts';

/** How long a page may take to open before the loading overlay shows (decision 0111). */
export const routeLoadOverlayDelayMs = 400;

/**
 * A page whose code is still downloading after 400 ms (a slow network, a large chunk) shows the loading
 * overlay until it opens; a quick one never flashes it. The same delay as the first load's "Loading…".
 */
export function RouteLoadProgress() {
  const loading = useNavigation().state === 'loading';
  useEffect(() => {
    if (!loading) return;
    let progress: ReturnType<typeof startTimedProgress> | null = null;
    const timer = setTimeout(() => {
      progress = startTimedProgress('Opening the page...');
    }, routeLoadOverlayDelayMs);
    return () => {
      clearTimeout(timer);
      progress?.complete();
    };
  }, [loading]);
  return null;
}
