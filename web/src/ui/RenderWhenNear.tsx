import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useHydrated } from '../lib/dom/useHydrated.ts';

/** How far ahead of the screen a section starts: half a screen height, so it is drawn before it scrolls in. */
const lookahead = '50% 0px';

/**
 * Renders `children` once their place comes within a screen of the viewport, and `placeholder` until then.
 * For sections far down a first screen: their data requests and rendering (the impact panel's first date
 * formatter alone costs tens of milliseconds on a phone) wait until the reader heads that way, so opening
 * the app stays short. Once drawn, they stay. Where IntersectionObserver is missing, they render at once.
 * While the live page is built behind a drawn one, parts above may not be there yet and a section's place
 * would seem nearer than it is: the section looks only once the page is complete.
 */
export function RenderWhenNear({ children, placeholder }: { children: ReactNode; placeholder: ReactNode }) {
  const [seen, setSeen] = useState(false);
  const hydrated = useHydrated();
  const near = seen || (hydrated && typeof IntersectionObserver === 'undefined');
  const anchor = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = anchor.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
      },
      { rootMargin: lookahead },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);

  if (!near) return <div ref={anchor}>{placeholder}</div>;
  // A section whose code loads on demand (React.lazy) keeps the placeholder until the code is there.
  return <Suspense fallback={placeholder}>{children}</Suspense>;
}
