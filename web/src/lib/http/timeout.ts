export interface TimedSignal {
  /** Aborts when the caller's signal does, or when the time is up. */
  signal: AbortSignal | undefined;
  /** True once the time ran out (as opposed to the caller aborting). */
  timedOut(): boolean;
  /** Stops the clock; call when the request is over. */
  clear(): void;
}

/**
 * The caller's signal combined with a time-out, like `AbortSignal.any([signal, AbortSignal.timeout(ms)])`,
 * but on the page's own timers so tests can drive it with fake timers, and telling which of the two fired.
 * `ms` null: no time-out.
 */
export function timedSignal(parent: AbortSignal | undefined, ms: number | null): TimedSignal {
  if (ms === null) return { signal: parent, timedOut: () => false, clear: () => undefined };
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new DOMException(`The operation timed out after ${ms} ms.`, 'TimeoutError'));
  }, ms);
  const onAbort = () => controller.abort(parent?.reason);
  if (parent?.aborted) onAbort();
  else parent?.addEventListener('abort', onAbort, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    clear() {
      clearTimeout(timer);
      parent?.removeEventListener('abort', onAbort);
    },
  };
}
