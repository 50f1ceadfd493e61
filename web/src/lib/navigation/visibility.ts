import { gestureLimits } from '@uplift/contracts';

export type InputKind = 'touch' | 'mouse';

/** SPEC §2: the chat screen has its own composer at the bottom, so the bar leaves it. */
export function isNavHiddenOnRoute(pathname: string): boolean {
  return pathname === '/chat' || pathname.startsWith('/chat/');
}

export interface ScrollVisibilityState {
  visible: boolean;
  /** The scroll position the next delta is measured from; moves only by deltas that count. */
  anchorY: number;
  accumulatedDown: number;
  accumulatedUp: number;
}

export function initialScrollVisibility(scrollY = 0): ScrollVisibilityState {
  return { visible: true, anchorY: Math.max(0, scrollY), accumulatedDown: 0, accumulatedUp: 0 };
}

/**
 * SPEC §2 and §9: the bar hides on downward scroll and comes back on upward scroll or at the page top.
 * Touch scrolling is coarser than a wheel, so it needs bigger movements (touch vs mouse):
 * - a delta under 8 vs 3 px is jitter and is not counted (it still adds up with the next ones);
 * - hide after 56 vs 32 px of downward scroll in a row;
 * - show after 12 vs 8 px of upward scroll in a row.
 */
export function nextScrollVisibility(
  state: ScrollVisibilityState,
  scrollY: number,
  input: InputKind,
): ScrollVisibilityState {
  const limits = gestureLimits.navHide[input];
  if (scrollY <= 0) return initialScrollVisibility(0);
  const delta = scrollY - state.anchorY;
  if (Math.abs(delta) < limits.scrollDelta) return state;
  if (delta > 0) {
    const accumulatedDown = state.accumulatedDown + delta;
    return {
      visible: state.visible && accumulatedDown < limits.accumulatedScroll,
      anchorY: scrollY,
      accumulatedDown,
      accumulatedUp: 0,
    };
  }
  const accumulatedUp = state.accumulatedUp - delta;
  return {
    visible: state.visible || accumulatedUp >= limits.upScroll,
    anchorY: scrollY,
    accumulatedDown: 0,
    accumulatedUp,
  };
}

/** Everything that decides whether the bar is on screen. */
export function isNavVisible(options: {
  pathname: string;
  scrollVisible: boolean;
  keyboardVisible: boolean;
}): boolean {
  return !isNavHiddenOnRoute(options.pathname) && options.scrollVisible && !options.keyboardVisible;
}
