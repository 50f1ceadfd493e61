import type { ReactNode } from 'react';
import type { RouteLayout } from '../routeTable.ts';

export const mainContentId = 'main-content';

interface MainProps {
  layout: RouteLayout;
  className?: string;
  children: ReactNode;
}

/** The one <main> landmark of every screen, and the skip link's target. */
export function Main({ layout, className = '', children }: MainProps) {
  return (
    <main
      id={mainContentId}
      // Focusable so the skip link moves keyboard and screen-reader focus here, not just the scroll position.
      tabIndex={-1}
      data-layout={layout}
      className={`mx-auto w-full max-w-3xl px-safe pt-safe outline-none ${className}`}
    >
      {children}
    </main>
  );
}
