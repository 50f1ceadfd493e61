import { loadingLimits, progressRange } from '@uplift/contracts';

export type LoadingTheme = 'dark' | 'light';

/** SPEC §5: progress is clamped to 0-100; anything that is not a number counts as 0. */
export function clampProgress(value: number): number {
  if (!Number.isFinite(value)) return value === Infinity ? progressRange.max : progressRange.min;
  return Math.min(progressRange.max, Math.max(progressRange.min, value));
}

/** SPEC §5: the indicator's two colours, primary then secondary. */
export function loadingColours(theme: LoadingTheme): readonly [string, string] {
  return loadingLimits.colours[theme];
}

const minLogoOpacity = 0.3;

/** SPEC §5: the logo fades in with progress, from a faint 0.3 at 0 % to fully opaque at 100 %. */
export function logoOpacity(progress: number): number {
  return minLogoOpacity + (1 - minLogoOpacity) * (clampProgress(progress) / progressRange.max);
}

/** SPEC §5: one dot for each of 25, 50 and 75 that progress is above. */
export function litDots(progress: number): number {
  const value = clampProgress(progress);
  return loadingLimits.dotThresholds.filter((threshold) => value > threshold).length;
}

/**
 * SPEC §9: progress starts at 10 % and rises evenly to 100 in 100 ms steps. `steps` is how many steps
 * the rise takes (default 9: ten points a step, so 100 % after 900 ms).
 */
export function progressAtStep(step: number, steps = 9): number {
  const start = loadingLimits.startProgress;
  if (step <= 0) return start;
  if (steps <= 0 || step >= steps) return progressRange.max;
  return clampProgress(start + ((progressRange.max - start) * step) / steps);
}

/** Steps a rise of `durationMs` takes at one step every 100 ms (at least one). */
export function stepsForDuration(durationMs: number): number {
  return Math.max(1, Math.round(durationMs / loadingLimits.stepIntervalMs));
}

export interface ProgressRun {
  stop(): void;
}

/** Drives `progressAtStep` on a 100 ms timer: reports 10 at once, then each step, and ends at 100. */
export function startProgressRun(options: {
  steps?: number;
  onProgress(progress: number): void;
  onComplete?(): void;
}): ProgressRun {
  const steps = options.steps ?? 9;
  let step = 0;
  options.onProgress(progressAtStep(0, steps));
  const timer = setInterval(() => {
    step += 1;
    const progress = progressAtStep(step, steps);
    options.onProgress(progress);
    if (progress >= progressRange.max) {
      clearInterval(timer);
      options.onComplete?.();
    }
  }, loadingLimits.stepIntervalMs);
  return { stop: () => clearInterval(timer) };
}
