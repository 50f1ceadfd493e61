import { useEffect, useRef, useState, type ReactNode } from 'react';
import { createOverlayVisibility, type OverlayVisibility } from '../../lib/loading/overlayVisibility.ts';
import { SmartLoadingIndicator, type LoadingIndicatorOptions } from './SmartLoadingIndicator.tsx';

/** True while loading and for SPEC §9's 300 ms after it ends. */
export function useLingeringVisibility(isLoading: boolean): boolean {
  const [visible, setVisible] = useState(isLoading);
  const overlayRef = useRef<OverlayVisibility | null>(null);
  useEffect(() => {
    const overlay = createOverlayVisibility(setVisible);
    overlayRef.current = overlay;
    return () => overlay.dispose();
  }, []);
  useEffect(() => {
    overlayRef.current?.setLoading(isLoading);
  }, [isLoading]);
  return visible;
}

/**
 * SPEC §2 loading overlay: covers the screen while loading and stays 300 ms after, so the bar is seen to
 * finish. It blocks pointer input to what is underneath; the indicator inside is the announced status.
 */
export function LoadingOverlay({
  isLoading,
  theme = 'dark',
  children,
  ...options
}: LoadingIndicatorOptions & { children?: ReactNode }) {
  const visible = useLingeringVisibility(isLoading);
  if (!visible) return null;
  return (
    // A landmark of its own: drawn outside the page's main, it is still inside a region (axe "region").
    <section
      aria-label="Loading"
      data-state={isLoading ? 'loading' : 'finishing'}
      className={`fixed inset-0 z-[55] flex flex-col items-center justify-center gap-4 p-6 backdrop-blur-sm motion-safe:animate-fade-in ${
        theme === 'dark' ? 'bg-slate-950/70' : 'bg-white/75'
      }`}
    >
      <SmartLoadingIndicator
        {...options}
        theme={theme}
        isLoading
        progress={isLoading ? options.progress : Math.max(options.progress ?? 0, 100)}
      />
      {isLoading && children}
    </section>
  );
}
