import { gestureLimits } from '@uplift/contracts';

/** Pen behaves like touch: a coarse pointer that rests on the screen. */
export type GesturePointerType = 'touch' | 'mouse' | 'pen';

export interface GesturePoint {
  x: number;
  y: number;
}

export interface TabGestureHandlers<T> {
  /** The tab under a point, or null when the point is off the tabs. */
  tabAt(point: GesturePoint): T | null;
  onTap(tab: T): void;
  onDoubleTap(tab: T): void;
  /** `suppressTapsMs`: how long taps are ignored now (600 ms touch, 400 ms mouse). */
  onLongPress(tab: T, suppressTapsMs: number): void;
  /** The tab a drag currently points at (null: none, and the bubble goes away). */
  onPreview(tab: T | null): void;
  onDragSelect(tab: T): void;
}

export interface TabGestureRecognizer {
  down(point: GesturePoint, pointerType: GesturePointerType): void;
  move(point: GesturePoint): void;
  up(point: GesturePoint): void;
  cancel(): void;
  dispose(): void;
}

function suppressionMs(pointerType: GesturePointerType): number {
  const limits = gestureLimits.tapSuppressAfterLongPressMs;
  return pointerType === 'mouse' ? limits.mouse : limits.touch;
}

/**
 * SPEC §2 and §9 bar gestures, free of the DOM so they can be tested with fake timers:
 * - a tap selects the tab under it; a tap whose pointer travelled more than 20 px is not a tap;
 * - a second tap on the same tab within 300 ms is a double tap (scroll to top) instead;
 * - holding still for 3000 ms is a long press; moving more than 12 px first cancels it;
 * - after a long press, taps are ignored for 600 ms (touch) or 400 ms (mouse);
 * - a drag previews the tab under the pointer and selects it on release.
 */
export function createTabGestureRecognizer<T>(handlers: TabGestureHandlers<T>): TabGestureRecognizer {
  interface Gesture {
    start: GesturePoint;
    startTab: T | null;
    pointerType: GesturePointerType;
    dragging: boolean;
    preview: T | null;
    longPressed: boolean;
    timer: ReturnType<typeof setTimeout> | undefined;
  }

  let gesture: Gesture | null = null;
  let lastTap: { tab: T; at: number } | null = null;
  let suppressTapsUntil = 0;

  function end(): void {
    if (!gesture) return;
    clearTimeout(gesture.timer);
    if (gesture.preview !== null) handlers.onPreview(null);
    gesture = null;
  }

  function tap(tab: T): void {
    const now = Date.now();
    if (now < suppressTapsUntil) return;
    if (lastTap && lastTap.tab === tab && now - lastTap.at <= gestureLimits.doubleTapMs) {
      lastTap = null;
      handlers.onDoubleTap(tab);
      return;
    }
    lastTap = { tab, at: now };
    handlers.onTap(tab);
  }

  return {
    down(point, pointerType) {
      // A second finger while one is down is not a new gesture.
      if (gesture) return;
      const startTab = handlers.tabAt(point);
      const current: Gesture = {
        start: point,
        startTab,
        pointerType,
        dragging: false,
        preview: null,
        longPressed: false,
        timer: undefined,
      };
      if (startTab !== null) {
        current.timer = setTimeout(() => {
          current.longPressed = true;
          const suppressMs = suppressionMs(pointerType);
          suppressTapsUntil = Date.now() + suppressMs;
          lastTap = null;
          // The gesture ends here: what opens (a modal sheet) may swallow the release, which must not
          // leave a gesture hanging that blocks the next one.
          gesture = null;
          handlers.onLongPress(startTab, suppressMs);
        }, gestureLimits.longPressMs);
      }
      gesture = current;
    },

    move(point) {
      if (!gesture || gesture.longPressed) return;
      const distance = Math.hypot(point.x - gesture.start.x, point.y - gesture.start.y);
      if (distance > gestureLimits.longPressCancelMovePx) clearTimeout(gesture.timer);
      if (distance > gestureLimits.tapMaxDragPx) gesture.dragging = true;
      if (!gesture.dragging) return;
      const preview = handlers.tabAt(point);
      if (preview !== gesture.preview) {
        gesture.preview = preview;
        handlers.onPreview(preview);
      }
    },

    up(point) {
      if (!gesture) return;
      const { longPressed, dragging, startTab } = gesture;
      const distance = Math.hypot(point.x - gesture.start.x, point.y - gesture.start.y);
      const isDrag = dragging || distance > gestureLimits.tapMaxDragPx;
      end();
      if (longPressed) return;
      if (isDrag) {
        const target = handlers.tabAt(point);
        if (target !== null) handlers.onDragSelect(target);
        return;
      }
      if (startTab !== null) tap(startTab);
    },

    cancel: end,

    dispose() {
      end();
      lastTap = null;
    },
  };
}
