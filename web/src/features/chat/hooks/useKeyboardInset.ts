import { useSyncExternalStore } from 'react';
import { keyboardHeightPx } from '../../../lib/navigation/layout.ts';

function subscribe(onChange: () => void): () => void {
  const viewport = window.visualViewport;
  viewport?.addEventListener('resize', onChange);
  viewport?.addEventListener('scroll', onChange);
  window.addEventListener('resize', onChange);
  return () => {
    viewport?.removeEventListener('resize', onChange);
    viewport?.removeEventListener('scroll', onChange);
    window.removeEventListener('resize', onChange);
  };
}

function read(): number {
  const viewport = window.visualViewport;
  // Pinch zoom shrinks the visual viewport too; that is not a keyboard.
  if (!viewport || Math.abs(viewport.scale - 1) > 0.01) return 0;
  return keyboardHeightPx(window.innerHeight, viewport.height, viewport.offsetTop);
}

/**
 * How much of the layout viewport the on-screen keyboard covers, in CSS pixels, live from
 * window.visualViewport (0 with no keyboard, or where the browser resizes the page for it instead).
 */
export function useKeyboardInset(): number {
  return useSyncExternalStore(subscribe, read, () => 0);
}
