import { executionAsyncResource } from 'node:async_hooks';

/**
 * One `process.nextTick` entry, kept for the life of the process (decision 0045).
 *
 * Node builds each entry of its tick queue as an object literal with computed keys, so V8 keeps the
 * entries' hidden classes only while some entry is alive. A full garbage collection while the queue is empty
 * (an idle moment) drops them; the next entries get new ones, and after a few such collections the
 * literal's inline caches go megamorphic for good: `nextTick`, which Node's HTTP path calls several times
 * a request, became 4–8 times slower, the largest part of what a long-running server lost per request.
 * One live entry keeps the hidden classes, and the caches stay monomorphic.
 */
let keptEntry: object | undefined;

/** Keeps one tick-queue entry alive; resolves to it. Called once, as the server starts. */
export function keepTickShape(): Promise<object> {
  return new Promise((resolve) => {
    process.nextTick(() => {
      // Inside a nextTick callback, the execution's resource is that callback's queue entry.
      keptEntry ??= executionAsyncResource();
      resolve(keptEntry);
    });
  });
}
