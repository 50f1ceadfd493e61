import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createOrientationRemeasure,
  hasAndroidNavigationBar,
  isKeyboardVisible,
  keyboardHeightPx,
  navBottomOffsetPx,
  resolveSafeAreaInsets,
  tabsThatFit,
  tabWidthFractions,
  zeroInsets,
} from './layout.ts';

describe('tab widths (SPEC §9)', () => {
  it.each([1, 2, 3, 4, 5])('shares the bar equally between %i tabs', (count) => {
    const widths = tabWidthFractions(count);
    expect(widths).toHaveLength(count);
    for (const width of widths) expect(width).toBeCloseTo(1 / count, 10);
  });

  it('uses .16, .16, .2, .16, .16, .16 for six tabs', () => {
    expect(tabWidthFractions(6)).toEqual([0.16, 0.16, 0.2, 0.16, 0.16, 0.16]);
  });

  it('gives a seventh tab .16 too, scaled so the bar is filled and home stays widest', () => {
    const widths = tabWidthFractions(7);
    expect(widths.reduce((sum, width) => sum + width, 0)).toBeCloseTo(1, 10);
    expect(widths[2]! / widths[0]!).toBeCloseTo(0.2 / 0.16, 10);
    expect(widths[6]).toBeCloseTo(widths[0]!, 10);
  });

  it('has no widths for no tabs', () => {
    expect(tabWidthFractions(0)).toEqual([]);
  });
});

describe('tabs that fit 44 px each', () => {
  const seven = ['chat', 'skills', 'home', 'community', 'profile', 'admin', 'offline-demo'];

  it("folds an admin's last two tabs behind More on a 320 px phone (a 292 px bar), where seven get 40 px", () => {
    expect(Math.min(...tabWidthFractions(7)) * 292).toBeLessThan(44);
    expect(tabsThatFit(seven, 292)).toEqual({ shown: seven.slice(0, 5), folded: ['admin', 'offline-demo'] });
    // Five tabs and More are SPEC's six: the narrowest is .16 of the bar.
    expect(0.16 * 292).toBeGreaterThanOrEqual(44);
  });

  it('shows all seven where each gets 44 px, and folds nothing before the bar is measured', () => {
    expect(tabsThatFit(seven, 372)).toEqual({ shown: seven, folded: [] });
    expect(tabsThatFit(seven, 0)).toEqual({ shown: seven, folded: [] });
  });

  it('never folds six tabs or fewer: folding would not widen them', () => {
    expect(tabsThatFit(seven.slice(0, 6), 250).folded).toEqual([]);
    expect(tabsThatFit(seven.slice(0, 5), 200).folded).toEqual([]);
  });
});

describe('bar position and keyboard (SPEC §2, §9)', () => {
  it('sits 24 px above the bottom plus the keyboard height', () => {
    expect(navBottomOffsetPx(0)).toBe(24);
    expect(navBottomOffsetPx(300)).toBe(324);
    expect(navBottomOffsetPx(-5)).toBe(24);
  });

  it('adds the bottom safe-area inset', () => {
    expect(navBottomOffsetPx(0, 34)).toBe(58);
  });

  it('measures the keyboard from the visual viewport', () => {
    expect(keyboardHeightPx(800, 500)).toBe(300);
    expect(keyboardHeightPx(800, 500, 20)).toBe(280);
    expect(keyboardHeightPx(800, 820)).toBe(0);
  });

  it('counts the keyboard as visible above 100 px', () => {
    expect(isKeyboardVisible(100)).toBe(false);
    expect(isKeyboardVisible(101)).toBe(true);
  });
});

describe('Android safe-area defaults (SPEC §9)', () => {
  const android = { androidNative: true, screenHeight: 800, windowHeight: 800 };

  it('uses top 24, bottom 16 and sides 8 when the web view reports none', () => {
    expect(resolveSafeAreaInsets(zeroInsets, android)).toEqual({ top: 24, bottom: 16, left: 8, right: 8 });
  });

  it('uses bottom 48 when the screen is over 50 px taller than the window (a navigation bar)', () => {
    expect(hasAndroidNavigationBar(851, 800)).toBe(true);
    expect(hasAndroidNavigationBar(850, 800)).toBe(false);
    expect(resolveSafeAreaInsets(zeroInsets, { ...android, screenHeight: 851 }).bottom).toBe(48);
    expect(resolveSafeAreaInsets(zeroInsets, { ...android, screenHeight: 850 }).bottom).toBe(16);
  });

  it('keeps larger measured insets, and sides at least 8', () => {
    expect(resolveSafeAreaInsets({ top: 40, bottom: 20, left: 3, right: 30 }, android)).toEqual({
      top: 40,
      bottom: 20,
      left: 8,
      right: 30,
    });
  });

  it('leaves insets as measured off native Android', () => {
    const measured = { top: 47, bottom: 34, left: 0, right: 0 };
    expect(resolveSafeAreaInsets(measured, { ...android, androidNative: false })).toEqual(measured);
  });
});

describe('orientation re-measure (SPEC §9)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('measures again 100 ms after an orientation change', () => {
    const measure = vi.fn();
    const remeasure = createOrientationRemeasure(measure);
    remeasure.orientationChanged();
    vi.advanceTimersByTime(99);
    expect(measure).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(measure).toHaveBeenCalledTimes(1);
  });

  it('measures once, 100 ms after the last of quick changes, and never after dispose', () => {
    const measure = vi.fn();
    const remeasure = createOrientationRemeasure(measure);
    remeasure.orientationChanged();
    vi.advanceTimersByTime(60);
    remeasure.orientationChanged();
    vi.advanceTimersByTime(99);
    expect(measure).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(measure).toHaveBeenCalledTimes(1);
    remeasure.orientationChanged();
    remeasure.dispose();
    vi.advanceTimersByTime(500);
    expect(measure).toHaveBeenCalledTimes(1);
  });
});
