import { httpLimits } from '@uplift/contracts';
import { AppError } from '../errors/appError.ts';

export interface RetryOptions {
  /** Total tries, the first included. SPEC §9: 3. */
  attempts?: number;
  /** The wait before the second try; each later wait doubles. SPEC §9: 1 s. */
  initialDelayMs?: number;
  /** Whether this failure is worth another try; by default an application error that says it is retryable. */
  shouldRetry?: (error: unknown, attempt: number) => boolean;
  /** Stops waiting (and trying) when aborted. */
  signal?: AbortSignal;
  /** Called before each wait, e.g. to log. */
  onRetry?: (error: unknown, attempt: number, delayMs: number) => void;
}

/** SPEC §9: the wait before try number `attempt + 1` (1-based `attempt`): 1 s, 2 s, 4 s, … */
export function retryDelayMs(
  attempt: number,
  initialDelayMs: number = httpLimits.errorRetryInitialDelayMs,
): number {
  return initialDelayMs * 2 ** (attempt - 1);
}

export function isRetryableError(error: unknown): boolean {
  return error instanceof AppError && error.retryable;
}

function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * SPEC §9 error retry: up to 3 attempts by default, waiting 1 s, then 2 s (doubling each time), as long
 * as the failure is retryable. Rejects with the last failure.
 */
export async function withRetry<T>(
  task: (attempt: number) => Promise<T>,
  options: RetryOptions = {},
): Promise<T> {
  const attempts = Math.max(1, options.attempts ?? httpLimits.errorRetryAttempts);
  const shouldRetry = options.shouldRetry ?? isRetryableError;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await task(attempt);
    } catch (error) {
      if (attempt >= attempts || !shouldRetry(error, attempt) || options.signal?.aborted) throw error;
      const delay = retryDelayMs(attempt, options.initialDelayMs);
      options.onRetry?.(error, attempt, delay);
      await wait(delay, options.signal);
    }
  }
}
