import { useEffect, useRef } from 'react';

/**
 * Calls `onReturn` when the page comes back into view or the device comes back online: the moments a
 * stream that a backgrounded tab or a network blip killed should be picked up again.
 */
export function useResumeOnReturn(onReturn: () => void): void {
  const latest = useRef(onReturn);
  useEffect(() => {
    latest.current = onReturn;
  });
  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === 'visible') latest.current();
    };
    const onOnline = () => latest.current();
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('online', onOnline);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('online', onOnline);
    };
  }, []);
}
