import { useSyncExternalStore } from 'react';

const nothingToSubscribe = () => () => {};

/**
 * False in the prerender and while React hydrates a drawn page, true from the render after (decision
 * 0067); always true in a root that was not drawn first. What must differ between the server's drawing and
 * the reader's screen (the reader's time zone, locale) reads this, so hydration finds exactly what was drawn
 * and the reader's own form follows in the next render. React's server snapshot of an external store is
 * what makes the two renders.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    nothingToSubscribe,
    () => true,
    () => false,
  );
}
