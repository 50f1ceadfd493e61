import { loadingLimits, progressRange } from '@uplift/contracts';
import { loadingOperations, type LoadingOperationsStore } from './operationsStore.ts';
import { startProgressRun } from './progress.ts';

let counter = 0;
const nextId = (kind: string) => `${kind}-${(counter += 1)}`;

/**
 * An upload on the app's loading overlay (SPEC §4), its bar following the bytes sent: `run` is handed the
 * 0–1 callback the upload reports to. Finished, the operation completes (SPEC's 100 % and removal after
 * 0.5 s); failed or cancelled, it goes at once and the caller shows why.
 */
export async function withUploadProgress<T>(
  label: string,
  run: (onProgress: (fraction: number) => void) => Promise<T>,
  { cancel, store = loadingOperations }: { cancel?: () => void; store?: LoadingOperationsStore } = {},
): Promise<T> {
  const id = nextId('upload');
  store.start(id, label, cancel);
  try {
    const result = await run((fraction) => store.progress(id, fraction * progressRange.max));
    store.complete(id);
    return result;
  } catch (error) {
    store.remove(id);
    throw error;
  }
}

/** The last step before 100 % (decision 0111): a wait of unknown length holds here until it ends. */
const heldAt = progressRange.max - (progressRange.max - loadingLimits.startProgress) / 9;

/**
 * A wait that reports no progress of its own (an export, a page's code) on the overlay, by SPEC §9's rule:
 * 10 % at once, then even steps every 100 ms; the step to 100 % is taken only when the work has ended, so
 * the bar never claims a finish that has not happened (decision 0111).
 */
export async function withTimedProgress<T>(
  label: string,
  work: () => Promise<T>,
  { store = loadingOperations }: { store?: LoadingOperationsStore } = {},
): Promise<T> {
  const handle = startTimedProgress(label, store);
  try {
    const result = await work();
    handle.complete();
    return result;
  } catch (error) {
    handle.remove();
    throw error;
  }
}

/** `withTimedProgress` for a wait that is not one promise (a route's code loading): ended by the caller. */
export function startTimedProgress(label: string, store: LoadingOperationsStore = loadingOperations) {
  const id = nextId('wait');
  store.start(id, label);
  const run = startProgressRun({
    onProgress: (progress) => store.progress(id, Math.min(progress, heldAt)),
  });
  return {
    complete() {
      run.stop();
      store.complete(id);
    },
    remove() {
      run.stop();
      store.remove(id);
    },
  };
}
