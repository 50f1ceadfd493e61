import { gestureLimits, layoutLimits } from '@uplift/contracts';

/** SPEC §3 safe-area insets, in CSS pixels. */
export interface SafeAreaInsets {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

export const zeroInsets: SafeAreaInsets = { top: 0, bottom: 0, left: 0, right: 0 };

/**
 * SPEC §9 tab widths as fractions of the bar. Up to five tabs share it equally; more use the fixed
 * fractions .16, .16, .2, .16, .16, .16. SPEC lists six; an admin has seven tabs, so each extra tab also
 * gets .16 and the set is scaled to fill the bar (for six tabs the scale is exactly 1).
 */
export function tabWidthFractions(count: number): number[] {
  if (count <= 0) return [];
  if (count <= layoutLimits.equalTabWidthsUpTo) return Array.from({ length: count }, () => 1 / count);
  const fixed: readonly number[] = layoutLimits.sixTabWidthFractions;
  const extra = fixed[fixed.length - 1] ?? 1 / count;
  const raw = Array.from({ length: count }, (_, index) => fixed[index] ?? extra);
  const total = raw.reduce((sum, fraction) => sum + fraction, 0);
  // Six tabs sum to 1 already; rounding here keeps them exactly SPEC's numbers.
  return Math.abs(total - 1) < 1e-9 ? raw : raw.map((fraction) => fraction / total);
}

/** WCAG 2.5.5: the least width a tab may have, in CSS px. */
export const minTabTargetPx = 44;

/**
 * Which tabs the bar shows and which it folds behind a "More" tab: all of them while the narrowest still
 * gets 44 px, else the first five and "More" (SPEC §9's six fractions: 47 px each on a 320 px phone).
 * An unmeasured bar (0 px wide) folds nothing.
 */
export function tabsThatFit<T>(tabs: readonly T[], barWidthPx: number): { shown: T[]; folded: T[] } {
  const narrowest = Math.min(...tabWidthFractions(tabs.length));
  const keep = layoutLimits.sixTabWidthFractions.length - 1;
  if (barWidthPx <= 0 || tabs.length <= keep + 1 || narrowest * barWidthPx >= minTabTargetPx) {
    return { shown: [...tabs], folded: [] };
  }
  return { shown: tabs.slice(0, keep), folded: tabs.slice(keep) };
}

/** SPEC §2: the bar floats 24 px above the bottom edge (of the safe area), plus the keyboard height. */
export function navBottomOffsetPx(keyboardHeight: number, safeAreaBottom = 0): number {
  return layoutLimits.navBottomOffsetPx + Math.max(0, keyboardHeight) + Math.max(0, safeAreaBottom);
}

/** The on-screen keyboard height, from the visual viewport: what the layout viewport has but it does not. */
export function keyboardHeightPx(layoutHeight: number, visualHeight: number, visualOffsetTop = 0): number {
  return Math.max(0, Math.round(layoutHeight - visualHeight - visualOffsetTop));
}

/** SPEC §9: the keyboard counts as visible above 100 px. */
export function isKeyboardVisible(keyboardHeight: number): boolean {
  return keyboardHeight > gestureLimits.keyboardVisibleThresholdPx;
}

/** SPEC §9: an Android navigation bar is taken to exist when the screen is over 50 px taller than the window. */
export function hasAndroidNavigationBar(screenHeight: number, windowHeight: number): boolean {
  return screenHeight - windowHeight > layoutLimits.androidNavigationBarDetectPx;
}

/**
 * Safe-area insets for the platform. Android web views draw under the status and navigation bars yet often
 * report zero insets, so there SPEC §9's defaults are the floor: top 24, bottom 16 (48 with a navigation
 * bar), sides at least 8. Elsewhere the measured `env(safe-area-inset-*)` values are right as they are.
 */
export function resolveSafeAreaInsets(
  measured: SafeAreaInsets,
  context: { androidNative: boolean; screenHeight: number; windowHeight: number },
): SafeAreaInsets {
  if (!context.androidNative) return measured;
  const margins = layoutLimits.androidSafeMargins;
  const bottom = hasAndroidNavigationBar(context.screenHeight, context.windowHeight)
    ? margins.bottomWithNavigationBar
    : margins.bottom;
  return {
    top: Math.max(measured.top, margins.top),
    bottom: Math.max(measured.bottom, bottom),
    left: Math.max(measured.left, margins.sidesMin),
    right: Math.max(measured.right, margins.sidesMin),
  };
}

/**
 * SPEC §9: after an orientation change the layout settles late, so measure again 100 ms later. Repeated
 * changes restart the wait, so one measure follows the last change.
 */
export function createOrientationRemeasure(measure: () => void): {
  orientationChanged(): void;
  dispose(): void;
} {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    orientationChanged() {
      clearTimeout(timer);
      timer = setTimeout(measure, layoutLimits.orientationRemeasureMs);
    },
    dispose() {
      clearTimeout(timer);
    },
  };
}
