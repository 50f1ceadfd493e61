/**
 * The offline indicator and the toast stack move the screens down when they come and up when they go
 * (topOverlays.ts). Under a finger that is on the screen, that would slide the button away before the tap
 * lands, and the tap would hit whatever slid in: the connection dropping moves a phone's page down 173 px at
 * once. So those moves wait while a pointer is down and until its tap has landed (decision 0046).
 */
export interface SteadyUnderPress {
  /** Runs `move` now, or once no press is under way; a later move with the same key replaces a waiting one. */
  apply(key: string, move: () => void): void;
}

/** A touch's tap (its click) arrives after the finger lifts; when none comes (a scroll, a long press), no longer than this. */
export const tapLandingMs = 300;

export function createSteadyUnderPress(target: Window): SteadyUnderPress {
  const waiting = new Map<string, () => void>();
  const pointersDown = new Set<number>();
  let landing: ReturnType<typeof setTimeout> | undefined;

  function flush() {
    landing = undefined;
    if (pointersDown.size > 0) return;
    const moves = [...waiting.values()];
    waiting.clear();
    for (const move of moves) move();
  }

  function flushIn(ms: number) {
    clearTimeout(landing);
    landing = setTimeout(flush, ms);
  }

  const options = { capture: true, passive: true };
  target.addEventListener(
    'pointerdown',
    (event) => {
      // A new primary pointer means no other is down: a lost "up" (the window lost focus) cannot hold moves.
      if (event.isPrimary) pointersDown.clear();
      pointersDown.add(event.pointerId);
      clearTimeout(landing);
      landing = undefined;
    },
    options,
  );
  target.addEventListener(
    'pointerup',
    (event) => {
      pointersDown.delete(event.pointerId);
      if (pointersDown.size === 0) flushIn(tapLandingMs);
    },
    options,
  );
  target.addEventListener(
    'pointercancel',
    (event) => {
      pointersDown.delete(event.pointerId);
      if (pointersDown.size === 0) flushIn(0);
    },
    options,
  );
  // The tap has landed: move after its handlers have run.
  target.addEventListener(
    'click',
    () => {
      if (landing !== undefined && pointersDown.size === 0) flushIn(0);
    },
    options,
  );
  target.addEventListener('blur', () => {
    pointersDown.clear();
    flushIn(0);
  });

  return {
    apply(key, move) {
      if (pointersDown.size === 0 && landing === undefined) {
        waiting.delete(key);
        move();
      } else {
        waiting.set(key, move);
      }
    },
  };
}

let shared: SteadyUnderPress | undefined;

/** The one instance for the page's window. */
export function steadyUnderPress(): SteadyUnderPress {
  shared ??= createSteadyUnderPress(window);
  return shared;
}
