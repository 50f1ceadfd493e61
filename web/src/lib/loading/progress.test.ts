import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  clampProgress,
  litDots,
  loadingColours,
  logoOpacity,
  progressAtStep,
  startProgressRun,
  stepsForDuration,
} from './progress.ts';
import { createOverlayVisibility } from './overlayVisibility.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('progress (SPEC §5)', () => {
  it('is clamped to 0-100', () => {
    expect(clampProgress(-5)).toBe(0);
    expect(clampProgress(0)).toBe(0);
    expect(clampProgress(42.5)).toBe(42.5);
    expect(clampProgress(100)).toBe(100);
    expect(clampProgress(140)).toBe(100);
    expect(clampProgress(Number.NaN)).toBe(0);
    expect(clampProgress(Infinity)).toBe(100);
    expect(clampProgress(-Infinity)).toBe(0);
  });
});

describe('simulated progress (SPEC §9)', () => {
  it('starts at 10 and rises evenly to 100', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((step) => progressAtStep(step))).toEqual([
      10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 100,
    ]);
    const steps = Array.from({ length: 31 }, (_, step) => progressAtStep(step, 30));
    const rises = steps.slice(1).map((value, index) => value - steps[index]!);
    for (const rise of rises.slice(0, 30)) expect(rise).toBeCloseTo(3, 10);
    expect(steps.at(-1)).toBe(100);
  });

  it('takes one step per 100 ms', () => {
    expect(stepsForDuration(900)).toBe(9);
    expect(stepsForDuration(2000)).toBe(20);
    expect(stepsForDuration(10)).toBe(1);
  });

  it('reports 10 at once, then a step every 100 ms, and completes at 100', () => {
    const seen: number[] = [];
    const onComplete = vi.fn();
    startProgressRun({ steps: 3, onProgress: (value) => seen.push(value), onComplete });
    expect(seen).toEqual([10]);
    vi.advanceTimersByTime(99);
    expect(seen).toEqual([10]);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual([10, 40]);
    vi.advanceTimersByTime(200);
    expect(seen).toEqual([10, 40, 70, 100]);
    expect(onComplete).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    expect(seen).toHaveLength(4);
  });

  it('stops when asked', () => {
    const seen: number[] = [];
    const run = startProgressRun({ onProgress: (value) => seen.push(value) });
    vi.advanceTimersByTime(200);
    run.stop();
    vi.advanceTimersByTime(1000);
    expect(seen).toEqual([10, 20, 30]);
  });
});

describe('indicator looks (SPEC §5)', () => {
  it('uses #00D4FF and #FF6B35 dark, #5755D9 and #7B68EE light', () => {
    expect(loadingColours('dark')).toEqual(['#00D4FF', '#FF6B35']);
    expect(loadingColours('light')).toEqual(['#5755D9', '#7B68EE']);
  });

  it('ramps the logo opacity up with progress', () => {
    expect(logoOpacity(0)).toBeCloseTo(0.3, 10);
    expect(logoOpacity(50)).toBeCloseTo(0.65, 10);
    expect(logoOpacity(100)).toBe(1);
    expect(logoOpacity(150)).toBe(1);
    const ramp = [0, 10, 25, 60, 90, 100].map(logoOpacity);
    expect([...ramp].sort((a, b) => a - b)).toEqual(ramp);
  });

  it('lights a dot for each of 25, 50 and 75 that progress is above', () => {
    expect([0, 25, 26, 50, 51, 75, 76, 100].map(litDots)).toEqual([0, 0, 1, 1, 2, 2, 3, 3]);
  });
});

describe('overlay linger (SPEC §9)', () => {
  it('shows at once and stays 300 ms after loading ends', () => {
    const changes: boolean[] = [];
    const overlay = createOverlayVisibility((visible) => changes.push(visible));
    overlay.setLoading(true);
    expect(overlay.isVisible()).toBe(true);
    overlay.setLoading(false);
    vi.advanceTimersByTime(299);
    expect(overlay.isVisible()).toBe(true);
    vi.advanceTimersByTime(1);
    expect(overlay.isVisible()).toBe(false);
    expect(changes).toEqual([true, false]);
  });

  it('stays up when loading starts again within the linger', () => {
    const changes: boolean[] = [];
    const overlay = createOverlayVisibility((visible) => changes.push(visible));
    overlay.setLoading(true);
    overlay.setLoading(false);
    vi.advanceTimersByTime(200);
    overlay.setLoading(true);
    vi.advanceTimersByTime(1000);
    expect(overlay.isVisible()).toBe(true);
    expect(changes).toEqual([true]);
    overlay.dispose();
  });

  it('never shows when loading never started', () => {
    const onChange = vi.fn();
    const overlay = createOverlayVisibility(onChange);
    overlay.setLoading(false);
    vi.advanceTimersByTime(1000);
    expect(onChange).not.toHaveBeenCalled();
  });
});
