import { httpLimits } from '@uplift/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../errors/appError.ts';
import { retryDelayMs, withRetry } from './retry.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const retryable = () => new AppError('NETWORK_ERROR');

describe('error retry (SPEC §9: 3 attempts, 1 s doubling)', () => {
  it('pins the constants', () => {
    expect(httpLimits.errorRetryAttempts).toBe(3);
    expect(httpLimits.errorRetryInitialDelayMs).toBe(1_000);
    expect([1, 2, 3].map((attempt) => retryDelayMs(attempt))).toEqual([1_000, 2_000, 4_000]);
  });

  it('tries 3 times, waiting 1 s then 2 s, and rejects with the last failure', async () => {
    const task = vi.fn(async (attempt: number) => {
      throw Object.assign(retryable(), { attempt });
    });
    const run = withRetry(task).catch((error: unknown) => error);
    expect(task).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(task).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(task).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(task).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(task).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(task).toHaveBeenCalledTimes(3);
    expect(await run).toMatchObject({ attempt: 3 });
  });

  it('resolves as soon as a try succeeds', async () => {
    const task = vi.fn(async (attempt: number) => {
      if (attempt < 2) throw retryable();
      return 'done';
    });
    const run = withRetry(task);
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(run).resolves.toBe('done');
    expect(task).toHaveBeenCalledTimes(2);
  });

  it('does not retry what is not retryable', async () => {
    const task = vi.fn(async () => {
      throw new AppError('VALIDATION_ERROR');
    });
    await expect(withRetry(task)).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('takes its own attempts, delay and rule, and stops waiting when aborted', async () => {
    const onRetry = vi.fn();
    const controller = new AbortController();
    const task = vi.fn(async () => {
      throw new Error('flaky');
    });
    const run = withRetry(task, {
      attempts: 5,
      initialDelayMs: 100,
      shouldRetry: () => true,
      signal: controller.signal,
      onRetry,
    }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(100);
    expect(onRetry).toHaveBeenNthCalledWith(1, expect.any(Error), 1, 100);
    expect(onRetry).toHaveBeenNthCalledWith(2, expect.any(Error), 2, 200);
    controller.abort(new Error('stopped'));
    expect(await run).toMatchObject({ message: 'stopped' });
    expect(task).toHaveBeenCalledTimes(2);
  });
});
