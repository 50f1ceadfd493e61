import { useLayoutEffect, type RefObject } from 'react';
import { steadyUnderPress } from './steadyUnderPress.ts';

/**
 * The offline indicator and the toasts float at the top of the screen. Rather than cover a page's heading
 * (or the chat's header), they publish their heights as CSS variables and the screens start below them.
 */
export const offlineIndicatorHeightVar = '--offline-indicator-height';
export const toastStackHeightVar = '--toast-stack-height';

/** Where content starts: under the safe area, or under whatever floats at the top, whichever is lower. */
export const topOverlayClearance = `max(1rem, var(--safe-top, env(safe-area-inset-top)), calc(var(${offlineIndicatorHeightVar}, 0px) + var(${toastStackHeightVar}, 0px) + 0.5rem))`;

/**
 * Keeps `variable` equal to the element's height while it is shown, and 0 once it is gone; a change that
 * would move the screen under a finger waits for its tap to land (steadyUnderPress.ts).
 */
export function usePublishedHeight(ref: RefObject<HTMLElement | null>, variable: string, shown: boolean) {
  useLayoutEffect(() => {
    const root = document.documentElement.style;
    const steady = steadyUnderPress();
    const remove = () => steady.apply(variable, () => root.removeProperty(variable));
    const element = ref.current;
    if (!shown || !element) {
      remove();
      return;
    }
    const publish = () =>
      steady.apply(variable, () => root.setProperty(variable, `${element.getBoundingClientRect().height}px`));
    publish();
    if (typeof ResizeObserver === 'undefined') return remove;
    const observer = new ResizeObserver(publish);
    observer.observe(element);
    return () => {
      observer.disconnect();
      remove();
    };
  }, [ref, variable, shown]);
}
