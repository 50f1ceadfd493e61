import type { ReactNode } from 'react';
import { topOverlayClearance } from '../../ui/toasts/topOverlays.ts';
import type { RouteLayout } from '../routeTable.ts';

export const mainContentId = 'main-content';

interface MainProps {
  layout: RouteLayout;
  className?: string;
  /** False where a header above already keeps clear of the top overlays. */
  clearTopOverlays?: boolean;
  children: ReactNode;
}

/** The one <main> landmark of every screen, and the skip link's target. */
export function Main({ layout, className = '', clearTopOverlays = true, children }: MainProps) {
  return (
    <main
      id={mainContentId}
      // Focusable so the skip link moves keyboard and screen-reader focus here, not just the scroll position.
      tabIndex={-1}
      data-layout={layout}
      className={`mx-auto w-full max-w-3xl px-safe outline-none ${className}`}
      // Starts below the offline indicator and any toasts, so they never cover the page's heading.
      style={{ paddingTop: clearTopOverlays ? topOverlayClearance : '1rem' }}
    >
      {children}
    </main>
  );
}
