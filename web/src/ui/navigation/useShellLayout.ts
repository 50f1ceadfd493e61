import { useEffect, useState, useSyncExternalStore } from 'react';
import {
  createOrientationRemeasure,
  keyboardHeightPx,
  resolveSafeAreaInsets,
  zeroInsets,
  type SafeAreaInsets,
} from '../../lib/navigation/layout.ts';
import {
  initialScrollVisibility,
  nextScrollVisibility,
  type InputKind,
} from '../../lib/navigation/visibility.ts';
import { isAndroidNative } from '../../lib/native/safeArea.ts';

function coarsePointer(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches;
}

/**
 * Whether scrolling leaves the bar shown (SPEC §2): hidden on the way down, back on the way up and at the
 * top, with touch or mouse thresholds by the input that last moved the page. Tab reveals it, so keyboard
 * users always reach it.
 */
export function useScrollVisible(): boolean {
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    let state = initialScrollVisibility(window.scrollY);
    let input: InputKind = coarsePointer() ? 'touch' : 'mouse';
    const apply = () => setVisible(state.visible);
    const onScroll = () => {
      state = nextScrollVisibility(state, window.scrollY, input);
      apply();
    };
    const onPointerDown = (event: PointerEvent) => {
      input = event.pointerType === 'mouse' ? 'mouse' : 'touch';
    };
    const onTouchStart = () => {
      input = 'touch';
    };
    const onWheel = () => {
      input = 'mouse';
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Tab' || state.visible) return;
      state = { ...initialScrollVisibility(window.scrollY), visible: true };
      apply();
    };
    const passive = { passive: true } as const;
    window.addEventListener('scroll', onScroll, passive);
    window.addEventListener('pointerdown', onPointerDown, passive);
    window.addEventListener('touchstart', onTouchStart, passive);
    window.addEventListener('wheel', onWheel, passive);
    window.addEventListener('keydown', onKeyDown);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pointerdown', onPointerDown);
      window.removeEventListener('touchstart', onTouchStart);
      window.removeEventListener('wheel', onWheel);
      window.removeEventListener('keydown', onKeyDown);
    };
  }, []);
  return visible;
}

function measureKeyboardHeight(): number {
  const viewport = window.visualViewport;
  // Pinch zoom also shrinks the visual viewport; that is not a keyboard.
  if (!viewport || Math.abs(viewport.scale - 1) > 0.01) return 0;
  return keyboardHeightPx(window.innerHeight, viewport.height, viewport.offsetTop);
}

/**
 * The last height measured, shared by every component that listens. Reading the viewport's size forces a
 * layout, so it is measured when the viewport changes and when a component subscribes (after its first
 * paint), never while rendering: a read mid-render lays out a half-built page (34 ms in a start-up
 * profile), and was repeated on every render.
 */
let keyboardHeight = 0;
const listeners = new Set<() => void>();

function remeasure() {
  const next = measureKeyboardHeight();
  if (next === keyboardHeight) return;
  keyboardHeight = next;
  for (const listener of listeners) listener();
}

function subscribeViewport(onChange: () => void): () => void {
  if (listeners.size === 0) {
    window.visualViewport?.addEventListener('resize', remeasure);
    window.visualViewport?.addEventListener('scroll', remeasure);
    window.addEventListener('resize', remeasure);
  }
  listeners.add(onChange);
  // The keyboard may have opened while no one was listening.
  remeasure();
  return () => {
    listeners.delete(onChange);
    if (listeners.size > 0) return;
    window.visualViewport?.removeEventListener('resize', remeasure);
    window.visualViewport?.removeEventListener('scroll', remeasure);
    window.removeEventListener('resize', remeasure);
  };
}

const readKeyboardHeight = () => keyboardHeight;

/** The on-screen keyboard's height in CSS pixels (0 when closed or unknown). */
export function useKeyboardHeight(): number {
  return useSyncExternalStore(subscribeViewport, readKeyboardHeight, () => 0);
}

function measureEnvInsets(): SafeAreaInsets {
  const probe = document.createElement('div');
  probe.style.cssText =
    'position:fixed;visibility:hidden;pointer-events:none;padding:env(safe-area-inset-top) env(safe-area-inset-right) env(safe-area-inset-bottom) env(safe-area-inset-left)';
  document.body.append(probe);
  const style = getComputedStyle(probe);
  const insets = {
    top: parseFloat(style.paddingTop) || 0,
    right: parseFloat(style.paddingRight) || 0,
    bottom: parseFloat(style.paddingBottom) || 0,
    left: parseFloat(style.paddingLeft) || 0,
  };
  probe.remove();
  return insets;
}

function sameInsets(a: SafeAreaInsets, b: SafeAreaInsets): boolean {
  return a.top === b.top && a.bottom === b.bottom && a.left === b.left && a.right === b.right;
}

/**
 * SPEC §3 safe-area insets, with SPEC §9's Android defaults in the native Android shell. Measured again on
 * resize and 100 ms after an orientation change, when the new insets have settled. Also published as CSS
 * variables (--safe-top and friends) for the page padding utilities.
 */
export function useSafeAreaInsets(): SafeAreaInsets {
  const [insets, setInsets] = useState<SafeAreaInsets>(zeroInsets);
  useEffect(() => {
    const measure = () => {
      const next = resolveSafeAreaInsets(measureEnvInsets(), {
        androidNative: isAndroidNative(),
        screenHeight: window.screen.height,
        windowHeight: window.innerHeight,
      });
      const root = document.documentElement.style;
      root.setProperty('--safe-top', `${next.top}px`);
      root.setProperty('--safe-bottom', `${next.bottom}px`);
      root.setProperty('--safe-left', `${next.left}px`);
      root.setProperty('--safe-right', `${next.right}px`);
      setInsets((current) => (sameInsets(current, next) ? current : next));
    };
    const remeasure = createOrientationRemeasure(measure);
    const onOrientation = () => remeasure.orientationChanged();
    measure();
    window.addEventListener('resize', measure);
    window.addEventListener('orientationchange', onOrientation);
    screen.orientation?.addEventListener('change', onOrientation);
    return () => {
      remeasure.dispose();
      window.removeEventListener('resize', measure);
      window.removeEventListener('orientationchange', onOrientation);
      screen.orientation?.removeEventListener('change', onOrientation);
    };
  }, []);
  return insets;
}

export function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}
